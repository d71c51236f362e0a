export declare const CONTENT_SECURITY_POLICY: string;
export declare function pageContentSecurityPolicy(nonce: string): string;
export declare const BASE_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }>;
export declare const SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }>;
