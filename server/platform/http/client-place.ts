// The rough place of a client address, for the registered-devices page: LOCAL_NETWORK for loopback,
// private and link-local addresses, else the ISO country code of the IPv4 range it falls in, from the
// public-domain (CC0) country table of @ip-location-db/geo-whois-asn-country, read from disk once on
// first use. Unknown (IPv6 outside the local ranges, an unlisted range): null. Country level only.
// The table's whois data: Number Resource Organization (nro.net), CC BY 4.0.
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { BlockList, isIPv4, isIPv6 } from "node:net"
import { LOCAL_NETWORK } from "../../../src/domain/account/devices.ts"

const local = new BlockList()
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  local.addSubnet(network, prefix, "ipv4")
for (const [network, prefix] of [
  ["::1", 128],
  ["::", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  local.addSubnet(network, prefix, "ipv6")

interface CountryTable {
  readonly starts: Uint32Array
  readonly ends: Uint32Array
  readonly codes: ReadonlyArray<string>
}

let table: CountryTable | null = null

/** The IPv4 table: lines of "first,last,CC" with the addresses as numbers, in ascending order. */
const countryTable = (): CountryTable => {
  if (table !== null) return table
  const require = createRequire(import.meta.url)
  const file = require.resolve("@ip-location-db/geo-whois-asn-country/geo-whois-asn-country-ipv4-num.csv")
  const lines = readFileSync(file, "utf8").split("\n")
  const starts = new Uint32Array(lines.length)
  const ends = new Uint32Array(lines.length)
  const codes: Array<string> = []
  for (const line of lines) {
    const [first, last, code] = line.split(",")
    if (first === undefined || last === undefined || code === undefined) continue
    starts[codes.length] = Number(first)
    ends[codes.length] = Number(last)
    codes.push(code.trim())
  }
  table = { starts: starts.subarray(0, codes.length), ends: ends.subarray(0, codes.length), codes }
  return table
}

const ipv4Number = (address: string) => address.split(".").reduce((sum, part) => sum * 256 + Number(part), 0)

/** The country of a public IPv4 address by binary search over the ranges. */
const countryOf = (address: string): string | null => {
  const { starts, ends, codes } = countryTable()
  const n = ipv4Number(address)
  let low = 0
  let high = codes.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    if ((starts[middle] ?? 0) > n) high = middle - 1
    else if ((ends[middle] ?? 0) < n) low = middle + 1
    else return /^[A-Z]{2}$/.test(codes[middle] ?? "") ? (codes[middle] ?? null) : null
  }
  return null
}

/** LOCAL_NETWORK, a country code, or null for an address the server cannot place. */
export const placeOfAddress = (raw: string): string | null => {
  // An IPv4 address as IPv6 (::ffff:203.0.113.9) is the IPv4 address.
  const address = raw.startsWith("::ffff:") && isIPv4(raw.slice(7)) ? raw.slice(7) : raw
  if (isIPv4(address)) return local.check(address, "ipv4") ? LOCAL_NETWORK : countryOf(address)
  if (isIPv6(address)) return local.check(address, "ipv6") ? LOCAL_NETWORK : null
  return null
}
