/**
 * Typed node and edge data of the canvas (a union per canvas, as the React Flow TypeScript guide
 * recommends). Builders produce these; components in components/canvas only render them.
 */
import type { AgentStanding } from "./agent-standing";
import type { Edge, Node } from "@xyflow/react";
import type { AgentRole } from "../attribution/types";
import type { TEdgeKind } from "../trace/schema";
import type { StepMark } from "./index-report";

/** Re-exported so components take the role type from the view layer, not from the engine. */
export type { AgentRole };

export type StepNodeData = {
  stepId: string;
  /** "step N": the step's 1-based position in the run (see docs: one step number everywhere). */
  number: number;
  /** The node's main label. */
  agent: string;
  kind: string;
  /** Tool, step name or kind, never an id (lib/view/step-label.ts). */
  action: string;
  /** First characters of the content, plain text. */
  preview: string;
  mark: StepMark;
  /** Rank of a `suspect` step among the verdict's suspects (1 = most likely). */
  suspectRank?: number;
  status: string;
  fault: number;
  /** Receives aggregation edges or is an `aggregate` step: drawn with a diamond marker. */
  aggregates: boolean;
  stateKey?: string;
};

export type GroupNodeData = {
  agent: string;
  stepIds: string[];
  firstIdx: number;
  lastIdx: number;
  /** How many of its steps carried corruption (off the propagation path, or they would not be grouped). */
  carried: number;
};

export type LaneNodeData = {
  agent: string;
  role?: AgentRole;
  /** The agent's standing in the verdict, the same on every view (agent-standing.ts). */
  standing: AgentStanding;
  isCulprit: boolean;
  isVictim: boolean;
  width: number;
};

export type AgentNodeData = {
  agent: string;
  role?: AgentRole;
  description?: string;
  /** The agent's standing in the verdict, the same on every view (agent-standing.ts). */
  standing: AgentStanding;
  blame: number | null;
  tokens: number;
  stepCount: number;
  isCulprit: boolean;
  isVictim: boolean;
  hasDecisiveStep: boolean;
};

export type StepFlowNode = Node<StepNodeData, "step">;
export type GroupFlowNode = Node<GroupNodeData, "stepGroup">;
export type LaneFlowNode = Node<LaneNodeData, "lane">;
export type AgentFlowNode = Node<AgentNodeData, "agent">;
export type CanvasNode = StepFlowNode | GroupFlowNode | LaneFlowNode | AgentFlowNode;

export type ChannelEdgeData = {
  kind: TEdgeKind;
  key?: string;
  /** How many trace edges this canvas edge stands for (merged between groups or agents). */
  count: number;
  /** Corruption travelled along it (part of the propagation path). */
  onPath: boolean;
  inferred: boolean;
  /** A hop of the propagation path that no trace edge states (the engine's memory or return link). */
  implicit?: boolean;
  /** Trace edge ids it stands for (first few, for the inspector). */
  edgeIds: string[];
};

export type ChannelFlowEdge = Edge<ChannelEdgeData, "channel">;
