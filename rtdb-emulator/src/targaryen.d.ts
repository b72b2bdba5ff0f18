declare module "targaryen" {
  export interface TargaryenResult {
    allowed: boolean;
    info: string;
    newDatabase?: TargaryenDatabase;
  }
  export interface TargaryenDatabase {
    readonly rules: unknown;
    readonly root: unknown;
    readonly timestamp: number;
    with(updates: { rules?: unknown; data?: unknown; auth?: unknown; now?: number }): TargaryenDatabase;
    as(auth: unknown): TargaryenDatabase;
    read(path: string, options?: { now?: number; query?: Record<string, unknown> }): TargaryenResult;
    write(path: string, value: unknown, options?: { now?: number; priority?: unknown }): TargaryenResult;
    update(path: string, patch: Record<string, unknown>, options?: { now?: number }): TargaryenResult;
  }
  export function database(rules: unknown, data: unknown, now?: number): TargaryenDatabase;
  export function ruleset(rules: unknown): unknown;
  const targaryen: { database: typeof database; ruleset: typeof ruleset };
  export default targaryen;
}
