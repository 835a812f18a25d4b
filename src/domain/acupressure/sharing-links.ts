// The addresses of patient sharing: the member's page, the patient's link and the unsubscribe line
// of a patient mail. The patient's pages stand alone (no header, menus or prompts of the app).
export const ACUPRESSURE_VIDEOS_HREF = "/acupressure-videos"
export const PATIENT_UNSUBSCRIBE_PATH = "/patient/unsubscribe"

/** A patient's pages: their link (`/patient/{token}`) and the unsubscribe page. */
export const PATIENT_PATHS = /^\/patient\/[^/]+$/
/** Every page of the sharing feature. */
export const SHARING_PATHS = /^\/(acupressure-videos|patient\/[^/]+)$/

export const isPatientPath = (path: string) => PATIENT_PATHS.test(path)
