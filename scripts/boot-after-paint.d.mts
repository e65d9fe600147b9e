// Types for boot-after-paint.mjs (plain JavaScript, run by postbuild.mjs without a compile step).
export declare const HYDRATED_EVENT: string;
export declare function bootAfterPaint(html: string, page?: string, sizeOf?: (url: string) => number): string;
