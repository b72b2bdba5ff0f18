export const LOCAL_ADDRESS: RegExp;
export function productionConfigProblems(config: unknown): string[];
export function filesWithLocalAddresses(dir: string): Promise<string[]>;
