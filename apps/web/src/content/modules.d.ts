declare module '*.md?meta' {
  const meta: Record<string, unknown>;
  export default meta;
}
declare module '*.md' {
  export const meta: Record<string, unknown>;
  export const body: string;
}
declare module '*.yaml' {
  const data: unknown;
  export default data;
}
