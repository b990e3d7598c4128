// The panel protocol's version. Additive changes (new optional fields, new event types, new
// commands) keep it; anything that breaks an existing client bumps it (see docs/protocol.md).

/** Version of the panel protocol spoken over the sidecar's WebSocket. */
export const PROTOCOL_VERSION = 1;
