"use client";
import type { ComponentType, ReactNode } from "react";
import { BlameBars } from "@/components/charts/BlameBars";
import type { ReportIndex } from "@/lib/view/index-report";
import type { RunPageData } from "@/lib/view/types";
import type { Selection, ViewState } from "@/lib/view/view-state";
import { LabelsPanel, type LabelFormProps } from "../LabelsPanel";
import { TrajectoryPanel } from "../TrajectoryPanel";
import styles from "../run.module.css";

export interface AgentsPanelProps {
  data: RunPageData;
  index: ReportIndex;
  state: ViewState;
  select: (selection: Selection) => void;
  chooseFlag: (flag: string | null) => void;
  toggleAgent: (agent: string) => void;
  readOnly: boolean;
  LabelForm?: ComponentType<LabelFormProps>;
  sidePanels?: ReactNode;
}

/** Blame per agent, trajectory flags, which agents to show, labels and extra panels (replay). */
export function AgentsPanel({
  data,
  index,
  state,
  select,
  chooseFlag,
  toggleAgent,
  readOnly,
  LabelForm,
  sidePanels,
}: AgentsPanelProps) {
  const selectedStepId = state.selection?.type === "step" ? state.selection.id : null;
  return (
    <div data-testid="agent-panel">
      <h2>Agents</h2>
      {data.report ? (
        <BlameBars
          agents={data.report.agents}
          index={index}
          selected={state.selection?.type === "agent" ? state.selection.id : null}
          onSelect={(id) => select({ type: "agent", id })}
        />
      ) : (
        <p className="muted">Blame appears when the analysis finishes.</p>
      )}
      <details className={styles.trajectory} open data-testid="trajectory-section" data-keep-tab>
        <summary>
          <h2>Trajectory</h2>
        </summary>
        <TrajectoryPanel trajectory={data.report?.trajectory} activeFlag={state.flag} onFlag={chooseFlag} />
      </details>
      <div className={styles.agentFilter}>
        <h2>Show agents</h2>
        {data.agents.map((a) => (
          <label key={a.name} title={a.role ? `${a.name} · ${a.role}` : a.name}>
            <input
              type="checkbox"
              checked={!state.hiddenAgents.includes(a.name)}
              onChange={() => toggleAgent(a.name)}
              data-testid={`agent-filter-${a.name}`}
            />
            <span className={styles.ellipsis}>
              {a.name}
              {a.role ? <span className="muted"> · {a.role}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <h2 style={{ marginTop: 12 }}>Labels</h2>
      <div data-keep-tab>
        <LabelsPanel
          runId={data.run.id}
          labels={data.labels}
          report={data.report}
          agents={data.agents.map((a) => a.name)}
          selectedStepId={selectedStepId}
          LabelForm={readOnly ? undefined : LabelForm}
        />
      </div>
      <div data-keep-tab>{sidePanels}</div>
    </div>
  );
}
