// Types for copy-api-reference.mjs (plain JavaScript, run by build.mjs without a compile step).
export declare const API_REFERENCE_DIR: string;
export declare function apiReferenceSource(): string;
export declare function copyApiReference(clientDir: string): Promise<string>;
