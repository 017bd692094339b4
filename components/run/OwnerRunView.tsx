"use client";
import { LabelForm } from "./LabelForm";
import { LoadedRunView, type LoadedRunViewProps } from "./LoadedRunView";

/** The run page for owners: the run view with the label form (which imports a server action). */
export function OwnerRunView(props: Omit<LoadedRunViewProps, "LabelForm">) {
  return <LoadedRunView {...props} LabelForm={LabelForm} />;
}
