// The jsdom runs' outbox: a model's fake server (its msw handlers) sends its mails here, and the
// steps read them through `ui.mail` as the browser runs read the real server's outbox.
import { waitFor } from "@testing-library/react"
import type { Mail, Mailbox } from "./driver.ts"

/** How long `latest` waits for a mail (as long as the driver waits for the page). */
const TIMEOUT = 5000

export class FakeOutbox implements Mailbox {
  readonly #mails: Array<Mail> = []

  /** The fake server sends a mail. */
  send(mail: Mail) {
    this.#mails.push(mail)
  }

  #find(to: string, purpose: string) {
    return this.#mails.filter((mail) => mail.to === to && mail.purpose === purpose)
  }

  latest(to: string, purpose: string) {
    return waitFor(
      () => {
        const found = this.#find(to, purpose).at(-1)
        if (!found) throw new Error(`No ${purpose} mail to ${to}`)
        return found
      },
      { timeout: TIMEOUT },
    )
  }

  async count(to: string, purpose: string) {
    return this.#find(to, purpose).length
  }
}
