import { NotFoundPage } from "@/components/layout/NotFoundPage";

export default function NotFound() {
  return (
    <NotFoundPage
      title="Page not found"
      reason="There is nothing at this address. The link may be mistyped, or what it pointed to was deleted."
    />
  );
}
