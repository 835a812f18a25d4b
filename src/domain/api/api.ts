// The whole HTTP contract: every group of §7, shared by the server (handlers) and the app (client).
import { HttpApi, OpenApi } from "effect/http-api"
import { AccountApi } from "./account-api.ts"
import { BillingApi } from "./billing-api.ts"
import { ChartsApi } from "./charts-api.ts"
import { ContentApi } from "./content-api.ts"
import { FeedbackApi } from "./feedback-api.ts"
import { GroupsApi } from "./groups-api.ts"
import { RequestGuard } from "./middleware.ts"
import { NotesApi } from "./notes-api.ts"
import { SearchApi } from "./search-api.ts"
import { SettingsApi } from "./settings-api.ts"
import { PatientsApi, SharingApi } from "./sharing-api.ts"
import { SocialApi } from "./social-api.ts"
import { SystemApi } from "./system-api.ts"
import { TestsApi } from "./tests-api.ts"
import { UsersApi } from "./users-api.ts"
import { VideosApi } from "./videos-api.ts"

// Requests are decoded reporting every problem, so a form learns all its field errors at once.
export class Api extends HttpApi.make("jingluo")
  .add(UsersApi)
  .add(SystemApi)
  .add(BillingApi)
  .add(ContentApi)
  .add(TestsApi)
  .add(SettingsApi)
  .add(SearchApi)
  .add(ChartsApi)
  .add(SocialApi)
  .add(NotesApi)
  .add(FeedbackApi)
  .add(AccountApi)
  .add(GroupsApi)
  .add(VideosApi)
  .add(SharingApi)
  .add(PatientsApi)
  .middleware(RequestGuard)
  .annotate(HttpApi.PayloadParseOptions, { errors: "all" })
  .annotateMerge(
    OpenApi.annotations({
      title: "Jingluo API",
      version: "1",
      description:
        "The HTTP contract of the Jingluo app: accounts, subscriptions, channels, points, body areas, categories, the book, self-tests and the learner's settings, search and the body charts, the learner's notes on points and their review of the app, and the channel, vessel and point videos (their files at signed addresses under /media). Requests and answers are JSON: a request that changes state (POST, PUT, PATCH, DELETE) or carries a body must say Content-Type: application/json (a charset may follow), with or without a body, or it answers 415 UnsupportedMediaType. A signed-in call carries its session one of two ways: in a browser, the HttpOnly cookie `token` that every sign-in sets and sign-out clears (the answer to POST /api/login then holds no token); as an API client, Authorization: Bearer <token>, with the token from POST /api/login when its payload says return_token: true. An ended session answers 401 and clears the cookie. Bad input answers 422 with one message key per field. A content item the caller may not open (a Pro point, channel, body area, category, vessel or page) answers 200 with `_tag: Locked`, a message and its public facts only; a call that does what only Pro may do answers 403 ProRequired.",
    }),
  ) {}
