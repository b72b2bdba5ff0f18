import type { RemoteName } from "../remotes/screens";

/** A labelled choice of the part of the site (one of `names`) a release form acts on. */
export function RemoteSelect({
  id,
  label,
  names,
  value,
  onChange,
}: {
  id: string;
  label: string;
  names: readonly RemoteName[];
  value: RemoteName;
  onChange: (name: RemoteName) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as RemoteName)}>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </>
  );
}
