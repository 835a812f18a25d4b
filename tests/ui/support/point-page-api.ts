// What the LU-9 point page calls besides its own feature's calls, as msw handlers: the point, the
// chart index and views, the plan list and the signed-in user's dashboard. Handlers added to the
// server later (server.use) take precedence, so a test adds its own after these.
import { HttpResponse, http } from "msw"
import type { NoteListItem } from "../../../src/domain/notes/note.ts"
import { chartIndex, chartsById } from "../../support/chart-fixtures.ts"
import { plans, pointPage } from "../../support/point-fixtures.ts"
import { API, dashboard } from "./api-data.ts"

export const lu9Page = pointPage("LU-9", "Tàiyuān", "Great Abyss", "lu-9-taiyuan")

/** LU-9's note as the server stores it, for the notes views. */
export const LU9_STORED_NOTE: NoteListItem = {
  point: "LU-9",
  text: "Pulse point",
  version: 3,
  updatedAt: "2026-01-02T10:00:00.000Z",
  slug: "lu-9-taiyuan",
  pinyin: "Tàiyuān",
  name: "Great Abyss",
  permission: true,
}

export const lu9PageHandlers = () => [
  http.get(`${API}/api/point/lu-9-taiyuan`, () => HttpResponse.json(lu9Page)),
  http.get(`${API}/api/charts`, () => HttpResponse.json(chartIndex)),
  http.get(`${API}/api/charts/:view`, ({ params }) => HttpResponse.json(chartsById[String(params.view)])),
  http.get(`${API}/api/plan-list`, () => HttpResponse.json(plans)),
  http.get(`${API}/api/dashboard`, () => HttpResponse.json(dashboard)),
]
