import type { Option } from "@/hooks/campaigns";

/** A picker fed by a v1 list; one that could not be loaded says so in the hint and keeps the current value. */
export function OptionSelect({
  value,
  onChange,
  query,
  none,
  ...aria
}: { value: string; onChange: (v: string) => void; query: { data?: Option[] }; none: string } & Omit<
  React.SelectHTMLAttributes<HTMLSelectElement>,
  "value" | "onChange"
>) {
  const options = query.data ?? [];
  return (
    <select {...aria} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{none}</option>
      {value && !options.some((o) => o.id === value) && <option value={value}>The current one</option>}
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
