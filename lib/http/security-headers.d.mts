export declare const CONTENT_SECURITY_POLICY: string;
export declare const SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }>;
