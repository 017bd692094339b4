import Link from "next/link";

/** Where a person inside the app goes next from a page that is not there. */
const IN_APP_LINKS = [
  { href: "/", label: "Back to runs" },
  { href: "/upload", label: "Upload a trace" },
];

/**
 * The product's own "not found": what was not found, the likely reason, and where to go next
 * (back to the runs or to the upload page, unless the page says otherwise).
 */
export function NotFoundPage({
  title,
  reason,
  links = IN_APP_LINKS,
}: {
  title: string;
  reason: string;
  links?: { href: string; label: string }[];
}) {
  return (
    <main className="page" data-testid="not-found">
      <div className="card stack" style={{ maxWidth: 640, margin: "48px auto" }}>
        <h1>{title}</h1>
        <p className="muted" style={{ margin: 0 }}>
          {reason}
        </p>
        {links.length ? (
          <div className="row">
            {links.map((l, i) => (
              <Link key={l.href} className={i === 0 ? "button primary" : "button"} href={l.href}>
                {l.label}
              </Link>
            ))}
          </div>
        ) : null}
      </div>
    </main>
  );
}
