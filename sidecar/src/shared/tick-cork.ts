import type { Duplex } from "node:stream";

// Writes made in one tick of the event loop leave in one socket write: the WebSocket frames one
// event produces, or an MCP answer and the end of its stream.

/** The part of a socket tickCorker needs. */
export type Corkable = Pick<Duplex, "cork" | "uncork">;

/** Returns a function to call before each write: the tick's first call corks the socket, and it
 *  is uncorked once the tick ends. Without a socket the function does nothing. */
export function tickCorker(socket: Corkable | null | undefined): () => void {
  let corked = false;
  const uncork = (): void => {
    corked = false;
    socket?.uncork();
  };
  return () => {
    if (!socket || corked) return;
    corked = true;
    socket.cork();
    process.nextTick(uncork);
  };
}
