import { describe, expect, it } from "vitest";
import { clientNonceOf, clientProof, healthProof, serverProof } from "../../src/shared/ws-challenge.js";
import { answerChallenge } from "../../src/web/app/challenge.js";

// The proofs of the WebSocket challenge, computed the same way by the sidecar, the browser panel
// and Unity's client (its test, ClientWebSocketChannelTests, checks the same vector).

describe("WebSocket challenge proofs", () => {
  it("match the shared test vector", () => {
    expect(serverProof("tok-é", 27200, "clientNonce0123456789AB", "serverNonce")).toBe("Vo1J3PPxzA6_OhhyYALhVDVBKcx1an_BxsfmxE72smM");
    expect(clientProof("tok-é", 27200, "clientNonce0123456789AB", "serverNonce")).toBe("OUoLBHlKNBBM_xWndSH-cmcXfCJo1-LubyRD9nt4y7s");
    expect(healthProof("tok-é", 27200, "clientNonce0123456789AB")).toBe("iNFytlZpZuVWAv-btR1Oyas4ZeBR8uttQGynIh9xpC4");
  });

  it("are answered by the browser only when the server's proof is for this token, nonce and port", async () => {
    const challenge = { kind: "auth.challenge", serverNonce: "sn", proof: serverProof("tok", 27200, "cn", "sn") };
    expect(await answerChallenge(challenge, "tok", 27200, "cn")).toEqual({ cmd: "auth", proof: clientProof("tok", 27200, "cn", "sn") });
    expect(await answerChallenge(challenge, "other", 27200, "cn")).toBeUndefined();
    expect(await answerChallenge(challenge, "tok", 27201, "cn")).toBeUndefined(); // relayed from another port
    expect(await answerChallenge(challenge, "tok", 27200, "another-nonce")).toBeUndefined(); // replayed
    expect(await answerChallenge({ kind: "welcome" }, "tok", 27200, "cn")).toBeUndefined();
  });

  it("accepts only well-formed client nonces", () => {
    expect(clientNonceOf(["agent-panel.v1", `agent-panel.challenge.${"a".repeat(32)}`])).toBe("a".repeat(32));
    expect(clientNonceOf(["agent-panel.challenge.short"])).toBeUndefined();
    expect(clientNonceOf([`agent-panel.challenge.${"a".repeat(30)}=`])).toBeUndefined();
  });
});
