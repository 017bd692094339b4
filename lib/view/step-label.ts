/**
 * What a step node says besides its agent and step number: the step's own name or tool, when it is
 * a word a person wrote and not an id (span names are often hex or UUIDs), else its kind.
 */
import type { CanvasStep } from "./types";

/** Hex ids, UUIDs and similar machine names: never shown as a step's name. */
const MACHINE_NAME =
  /^(?:[0-9a-f]{8,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?:span|step|run)[-_:]?[0-9a-f]{6,})$/i;

export function isMachineName(name: string): boolean {
  return MACHINE_NAME.test(name.trim());
}

/** The step's action in a word or two: its tool, its own name, or its kind. */
export function stepAction(step: Pick<CanvasStep, "name" | "tool" | "kind">): string {
  for (const candidate of [step.tool?.name, step.name])
    if (candidate?.trim() && !isMachineName(candidate)) return candidate.trim().slice(0, 60);
  return step.kind.replace(/_/g, " ");
}
