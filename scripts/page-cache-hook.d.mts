/** Wraps the listener of the next `http.createServer` call (Next's server), then restores `http.createServer`. */
export function hookFirstServer(): void;
