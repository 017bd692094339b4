import { MINIMAP_TOKEN, paint } from "@/components/theme/colours";
import type { CanvasNode } from "@/lib/view/flow-types";

/** Minimap fill per node: a CSS variable in the rect's style (variables do not work in SVG fill attributes). */
export function miniMapColor(node: CanvasNode): string {
  if (node.type === "step") return paint(MINIMAP_TOKEN[node.data.mark]);
  if (node.type === "agent") {
    const tone = node.data.isCulprit ? "origin" : node.data.isVictim ? "carried" : "neutral";
    return paint(MINIMAP_TOKEN[tone]);
  }
  if (node.type === "stepGroup") return paint(MINIMAP_TOKEN[node.data.carried > 0 ? "carried" : "neutral"]);
  return "transparent";
}
