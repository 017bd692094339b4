"use client";
import { LabelForm } from "./LabelForm";
import { RunView, type RunViewProps } from "./RunView";

/** The run page for owners: RunView with the label form (which imports a server action). */
export function OwnerRunView(props: Omit<RunViewProps, "LabelForm">) {
  return <RunView {...props} LabelForm={LabelForm} />;
}
