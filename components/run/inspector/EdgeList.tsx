"use client";
import type { ViewEdge } from "@/lib/view/types";
import { SelectLink } from "../SelectLink";
import styles from "../run.module.css";

/** A step's incoming or outgoing edges, each a link to the edge and to the step at its other end. */
export function EdgeList({ title, edges, end }: { title: string; edges: ViewEdge[]; end: "from" | "to" }) {
  if (edges.length === 0) return null;
  return (
    <div className={styles.section}>
      <h3>
        {title} ({edges.length})
      </h3>
      <ul style={{ margin: 0, paddingLeft: 18, fontSize: 13 }}>
        {edges.slice(0, 30).map((e) => (
          <li key={e.id}>
            <SelectLink selection={{ type: "edge", id: e.id }}>
              {e.kind}
              {e.key ? ` [${e.key}]` : ""}
            </SelectLink>{" "}
            {end} <SelectLink selection={{ type: "step", id: e[end] }} />
          </li>
        ))}
        {edges.length > 30 ? <li className="muted">… {edges.length - 30} more</li> : null}
      </ul>
    </div>
  );
}
