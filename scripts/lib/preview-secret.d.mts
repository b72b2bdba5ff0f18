export declare const PREVIEW_SECRET_NAME: "PREVIEW_SECRET";
export declare function localSecretFile(repoRoot: string): string;
export declare function readLocalPreviewSecret(repoRoot: string): Promise<string | null>;
export declare function ensureLocalPreviewSecret(repoRoot: string): Promise<string>;
