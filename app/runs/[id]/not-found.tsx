import { NotFoundPage } from "@/components/layout/NotFoundPage";

export default function RunNotFound() {
  return (
    <NotFoundPage
      title="Run not found"
      reason="No run has this id. It may have been deleted, or the link was copied incompletely."
    />
  );
}
