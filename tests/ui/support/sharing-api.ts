// A fake server of patient sharing for view and model tests (msw): the acupressure videos, the
// member's shares (a new share goes first, a revoked one says so, the day's allowance shrinks), the
// patient's pages, and a Pro member signed in. Every body sent is recorded.
import { HttpResponse, http } from "msw"
import type { Share, SharePayload } from "../../../src/domain/acupressure/patient-sharing.ts"
import { maskAddress } from "../../../src/domain/acupressure/patient-sharing.ts"
import { API, dashboard, signedInUser } from "./api-data.ts"
import { SHARES, shareList, VIDEOS, videoList } from "./sharing-data.ts"

export const proUser = {
  ...signedInUser,
  plan_name: "Pro",
  purchased_subscription: true,
  user_subscription: { plan_name: "Pro", plan_id: 3 },
}

export const proDashboard = {
  ...dashboard,
  user_profile: { ...dashboard.user_profile, purchased_subscription: true },
  user_subscription: { plan_name: "Pro", plan_id: 3 },
}

/** The browser remembers a signed-in Pro member (their readable userdata cookie). */
export const rememberProMember = () => {
  document.cookie = `userdata=${encodeURIComponent(JSON.stringify(proUser))}; Path=/`
}

export const proRequired = () =>
  HttpResponse.json({ _tag: "ProRequired", message: "Sharing videos is part of Jingluo Pro." }, { status: 403 })

export interface SharingServer {
  readonly sent: Array<SharePayload>
  readonly revoked: Array<string>
}

/** The member's side of sharing as the server keeps it, starting from `shares`. */
export const sharingHandlers = (
  options: { readonly shares?: ReadonlyArray<Share>; readonly pro?: boolean } = {},
): { readonly handlers: ReturnType<typeof http.get>[]; readonly server: SharingServer } => {
  const pro = options.pro ?? true
  let shares = [...(options.shares ?? SHARES)]
  let left = 19
  const server: SharingServer = { sent: [], revoked: [] }
  const handlers = [
    http.get(`${API}/api/dashboard`, () => HttpResponse.json(pro ? proDashboard : dashboard)),
    http.get(`${API}/api/jing/patient_videos`, () => (pro ? HttpResponse.json(videoList) : proRequired())),
    http.post(`${API}/api/jing/email/patient_videos`, async ({ request }) => {
      const body = (await request.json()) as SharePayload
      server.sent.push(body)
      const share: Share = {
        id: `s-new-${server.sent.length}`,
        patient: maskAddress(body.email),
        videos: body.videos.map((id) => {
          const video = VIDEOS.find((v) => v.id === id)!
          return { id, point: video.subject, title: video.title }
        }),
        sentAt: "2026-11-30T10:00:00.000Z",
        expiresAt: "2026-12-30T10:00:00.000Z",
        status: "active",
      }
      shares = [share, ...shares]
      left -= 1
      return HttpResponse.json(share)
    }),
    http.get(`${API}/api/jing/patient_shares`, () => HttpResponse.json(shareList(shares, left))),
    http.delete(`${API}/api/jing/patient_shares/:id`, ({ params }) => {
      const id = String(params.id)
      server.revoked.push(id)
      shares = shares.map((s) => (s.id === id ? { ...s, status: "revoked" as const } : s))
      return HttpResponse.json(shareList(shares, left))
    }),
  ]
  return { handlers, server }
}
