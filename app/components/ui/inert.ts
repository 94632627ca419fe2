/**
 * Props that make an element inert when `on`. React 18 renders `inert` only as a string attribute (`""`, and
 * its type definitions do not list it yet); omitted, it is removed.
 */
export function inertWhen(on: boolean): { inert?: "" } {
  return on ? { inert: "" } : {};
}
