import { FLAG_FILTERS, type TRunListParams } from "@/lib/runs/list-params";

/** A plain GET form: filters work without JavaScript and end up in the URL. */
export function RunFilters({ params, systems }: { params: TRunListParams; systems: string[] }) {
  return (
    <form className="row" method="get" action="/" role="search">
      <input
        type="search"
        name="q"
        placeholder="Search title and task"
        defaultValue={params.q ?? ""}
        aria-label="Search"
        style={{ minWidth: 260 }}
      />
      <select name="outcome" defaultValue={params.outcome ?? ""} aria-label="Outcome">
        <option value="">Any outcome</option>
        <option value="failure">Failed</option>
        <option value="success">Succeeded</option>
        <option value="unknown">Unknown</option>
      </select>
      <select name="system" defaultValue={params.system ?? ""} aria-label="System">
        <option value="">Any system</option>
        {systems.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <select name="flag" defaultValue={params.flag ?? ""} aria-label="Trajectory flag">
        <option value="">Any flags</option>
        {FLAG_FILTERS.map((f) => (
          <option key={f} value={f}>
            {f.replace(/-/g, " ")}
          </option>
        ))}
      </select>
      {params.sort !== "created" && <input type="hidden" name="sort" value={params.sort} />}
      {params.dir !== "desc" && <input type="hidden" name="dir" value={params.dir} />}
      <button className="button" type="submit">
        Filter
      </button>
    </form>
  );
}
