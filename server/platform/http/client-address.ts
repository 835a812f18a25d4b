// The client's address, which the per-address rate limits count. It is the socket's peer unless
// TRUST_PROXY names the reverse proxies in front of the server; only then is X-Forwarded-For read,
// from the right, skipping the trusted proxies, so a client cannot choose its own address.
import { BlockList, isIP } from "node:net"
import type { TrustProxy } from "../config/server-config.ts"

/** "::ffff:10.0.0.1" is the IPv4 address 10.0.0.1 on a dual-stack socket. */
const normalize = (address: string) => {
  const trimmed = address.trim()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)
  return mapped?.[1] ?? trimmed
}

const blockListOf = (addresses: ReadonlyArray<string>) => {
  const list = new BlockList()
  for (const entry of addresses) {
    const [address = "", bits] = entry.split("/")
    const type = isIP(address) === 6 ? "ipv6" : "ipv4"
    if (bits === undefined) list.addAddress(address, type)
    else list.addSubnet(address, Number(bits), type)
  }
  return list
}

/** Builds the resolver once per setting: `(socket peer, X-Forwarded-For) → client address`. */
export const clientAddressResolver = (trust: TrustProxy) => {
  const trusted =
    trust._tag === "Addresses"
      ? (() => {
          const list = blockListOf(trust.addresses)
          return (address: string) => {
            const family = isIP(address)
            return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4")
          }
        })()
      : () => false

  return (peer: string | undefined, forwardedFor: string | undefined): string => {
    const socket = peer === undefined ? "unknown" : normalize(peer)
    if (trust._tag === "None" || forwardedFor === undefined) return socket
    // The nearest hop is the socket; each proxy appended the address it received from.
    const chain = [
      ...forwardedFor
        .split(",")
        .map(normalize)
        .filter((a) => a.length > 0),
      socket,
    ]
    let index = chain.length - 1
    if (trust._tag === "Hops") {
      for (let hop = 0; hop < trust.hops && index > 0 && isIP(chain[index - 1]!) !== 0; hop++) index--
    } else {
      while (index > 0 && trusted(chain[index]!) && isIP(chain[index - 1]!) !== 0) index--
    }
    return chain[index]!
  }
}
