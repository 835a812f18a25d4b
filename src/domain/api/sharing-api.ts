// §7 "Patient videos": a Pro member lists the acupressure videos and e-mails some of them to one
// patient (`sharing`, signed in), sees what they shared and revokes a link; the patient opens the
// link and may stop further mails (`patients`, no account — the link's token is the only key). A
// share of someone else's, or an unknown one, answers 404 like an unknown id.
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import {
  PatientPage,
  PatientVideoList,
  Share,
  ShareList,
  SharePayload,
  UnsubscribePayload,
} from "../acupressure/patient-sharing.ts"
import { NotFound, ProRequired, TooManyRequests, ValidationFailed } from "../shared/errors.ts"
import { boundedText } from "../shared/input-rules.ts"
import { Authentication, MessageResponse } from "./middleware.ts"

/** A share's id or a patient link's token; anything unknown is not found (404). */
const Segment = boundedText(64)

export class SharingApi extends HttpApiGroup.make("sharing")
  .add(
    HttpApiEndpoint.get("videos", "/jing/patient_videos", { success: PatientVideoList, error: ProRequired }).annotate(
      OpenApi.Description,
      "Pro members: every acupressure video (id = uuid, subject = point code) with signed addresses of its MP4, poster and English captions for a preview.",
    ),
    HttpApiEndpoint.post("share", "/jing/email/patient_videos", {
      payload: SharePayload,
      success: Share,
      error: [ProRequired, ValidationFailed, TooManyRequests],
    }).annotate(
      OpenApi.Description,
      "Pro members: e-mails one patient a link to the chosen videos (English, naming the member, valid 30 days). Limited per member and per patient address per day (429); an address that unsubscribed answers 422 on `email`.",
    ),
    HttpApiEndpoint.get("shares", "/jing/patient_shares", { success: ShareList }).annotate(
      OpenApi.Description,
      "The member's shares, newest first, the patient's address masked, and how many more they may send today.",
    ),
    HttpApiEndpoint.delete("revoke", "/jing/patient_shares/:id", {
      params: { id: Segment },
      success: ShareList,
      error: NotFound,
    }).annotate(OpenApi.Description, "Ends a share's link at once and forgets the patient's address."),
  )
  .middleware(Authentication)
  .prefix("/api") {}

export class PatientsApi extends HttpApiGroup.make("patients")
  .add(
    HttpApiEndpoint.get("page", "/patient/:token", {
      params: { token: Segment },
      success: PatientPage,
      error: NotFound,
    }).annotate(
      OpenApi.Description,
      "What a patient's link opens, without an account: the sender's name and the videos with signed media, or `Ended` with why (expired, revoked).",
    ),
    HttpApiEndpoint.post("unsubscribe", "/patient/unsubscribe", {
      payload: UnsubscribePayload,
      success: MessageResponse,
      error: ValidationFailed,
    }).annotate(
      OpenApi.Description,
      "The unsubscribe line of a patient mail, sent by the button on its page: no member can e-mail that address again.",
    ),
  )
  .prefix("/api") {}
