import Link from "next/link";

/** The product's own "not found": what was not found, the likely reason, and where to go next. */
export function NotFoundPage({
  title,
  reason,
  links,
}: {
  title: string;
  reason: string;
  links: { href: string; label: string }[];
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
