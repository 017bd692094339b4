import { NotFoundPage } from "@/components/layout/NotFoundPage";

// A share link's holder may have no account: no links into the app, and the same words whether the
// link expired, was revoked or never existed (an unknown token must not be told apart from a dead one).
export default function ShareNotFound() {
  return (
    <NotFoundPage
      title="This link does not work"
      reason="The shared run is not available: the link may have expired or been revoked. Ask the person who sent it for a new one."
      links={[]}
    />
  );
}
