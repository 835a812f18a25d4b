// Each page's head: the title its view sets (so nothing changes when the app starts), a description
// within the limit made of whole words and sentences — a free point's location and main actions,
// a locked item's public facts only —, the canonical address, noindex on one person's pages and the
// pages of a flow, and every value escaped in the tags.
import { beforeAll, describe, expect, it } from "vitest"
import {
  DESCRIPTION_MAX_LENGTH,
  type PageHead,
  pageHead,
  pageHeadHtml,
  type Translate,
} from "../../../src/domain/shared/page-head.ts"
import {
  bodyAreaAnswer,
  bodyAreaListAnswer,
  bookIndexAnswer,
  bookPageAnswer,
  categoryAnswer,
  categoryListAnswer,
  channelAnswer,
  channelIndexAnswer,
  channelOf,
  content,
  extraPointsAnswer,
  LANGUAGES,
  type Language,
  lockedPointAnswer,
  pointAnswer,
  pointOf,
  translator,
  vesselAnswer,
} from "./page-answers.ts"

const ORIGIN = "https://jingluo.example"

const t: Record<Language, Translate> = {} as never
beforeAll(async () => {
  for (const language of LANGUAGES) t[language] = await translator(language)
})

const head = (path: string, answer?: unknown, language: Language = "en"): PageHead =>
  pageHead({ path, origin: ORIGIN, answer, t: t[language] })

/** A description search results show whole: within the limit, ending where a sentence ends. */
const expectWhole = (description: string, label = description) => {
  expect(description.length, label).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH)
  expect(description.length, label).toBeGreaterThan(20)
  expect(description, label).toMatch(/[.!?…]$/)
  expect(description, label).not.toMatch(/\s{2}|\{\{|^\s|\s$/)
}

const channelPoints = content.channels.flatMap((c) => c.points)

describe("a free point", () => {
  it("is titled as its page titles itself, and described by where it lies and its main actions", () => {
    const lu9 = pointOf("LU-9")
    const page = head(`/point/${lu9.slug}`, pointAnswer(lu9, "en"))
    expect(page.title).toBe("LU-9 Tàiyuān · Jingluo")
    expect(page.canonical).toBe(`${ORIGIN}/point/lu-9-taiyuan`)
    expect(page.indexable).toBe(true)
    // The location is one long sentence: it is cut between words, and its main actions follow whole.
    expect(page.description).toMatch(
      /^On the palmar wrist crease, in the hollow between the radial artery .*… Main actions: /,
    )
    expect(page.description).toContain("Main actions: Tonifies Lung qi and Lung yin")
    expectWhole(page.description)
  })

  it("says it in the reader's language, from the translated texts", () => {
    const lu9 = pointOf("LU-9")
    const de = head(`/point/${lu9.slug}`, pointAnswer(lu9, "de"), "de")
    expect(de.title).toBe("LU-9 Tàiyuān · Jingluo")
    expect(de.description).toContain("Wichtigste Wirkungen:")
    expect(de.description).toContain(pointAnswer(lu9, "de").actions[0])
    const es = head(`/point/${lu9.slug}`, pointAnswer(lu9, "es"), "es")
    expect(es.description).toContain("Acciones principales:")
  })

  it.each(LANGUAGES)("keeps every point's description whole and within the limit (%s)", (language) => {
    for (const point of [...channelPoints, ...content.extraPoints]) {
      const answer = pointAnswer(point, language)
      const page = head(`/point/${point.slug}`, answer, language)
      expect(page.title).toBe(`${point.code} ${point.pinyin} · Jingluo`)
      expectWhole(page.description, `${language} ${point.code}: ${page.description}`)
      // Its main actions come whole, in their order, after where it lies.
      expect(page.description, point.code).toContain(answer.actions[0]!.replace(/[.;]+$/, ""))
    }
  })

  it("takes whole sentences of a short location", () => {
    const point = { ...pointAnswer(pointOf("LI-4"), "en"), location: "On the back of the hand. Between the bones." }
    expect(head(`/point/${point.slug}`, point).description).toMatch(
      /^On the back of the hand\. Between the bones\. Main actions: .+\.$/,
    )
  })

  it("does not end a sentence at an abbreviation or a German ordinal", () => {
    // Each first sentence is too long to stand whole: it is cut between words, never at its full stops.
    const rest = "in the hollow below the clavicle where the pulse is felt clearly under the pressing fingers"
    const lu1 = pointAnswer(pointOf("LU-1"), "en")
    const english = head(`/point/${lu1.slug}`, {
      ...lu1,
      location: `Beside the sternum, approx. 2 cun lateral to the midline, ${rest}. More.`,
    }).description
    expect(english).toMatch(/^Beside the sternum, approx\. 2 cun lateral to the .*… Main actions: /)
    const german = head(
      `/point/${lu1.slug}`,
      {
        ...pointAnswer(pointOf("LU-1"), "de"),
        location: `Im 4. Interkostalraum, z. B. neben dem Sternum, ${rest}. Mehr.`,
      },
      "de",
    ).description
    expect(german).toMatch(/^Im 4\. Interkostalraum, z\. B\. neben .*… Wichtigste Wirkungen: /)
  })
})

describe("a locked point", () => {
  it("names its code, pinyin, name and channel, that it is part of Pro, and nothing of its content", () => {
    const st36 = pointOf("ST-36")
    const page = head(`/point/${st36.slug}`, lockedPointAnswer(st36, "en"))
    expect(page.title).toBe("ST-36 Zúsānlǐ · Jingluo")
    expect(page.description).toBe(
      "ST-36 Zúsānlǐ (Leg Three Miles), a point of the Stomach Channel of Foot Yangming — part of Jingluo Pro.",
    )
    expect(page.indexable).toBe(true)
    expect(page.canonical).toBe(`${ORIGIN}/point/${st36.slug}`)
    for (const text of [st36.location, st36.actions[0]!, st36.commentary])
      expect(page.description).not.toContain(text.slice(0, 20))
  })

  it("in the reader's language", () => {
    const st36 = pointOf("ST-36")
    expect(head(`/point/${st36.slug}`, lockedPointAnswer(st36, "de"), "de").description).toBe(
      `ST-36 Zúsānlǐ (${st36.name.de}), ${channelOf("ST").name.de} – Teil von Jingluo Pro.`,
    )
    expect(head(`/point/${st36.slug}`, lockedPointAnswer(st36, "es"), "es").description).toBe(
      `ST-36 Zúsānlǐ (${st36.name.es}), un punto del ${channelOf("ST").name.es} — parte de Jingluo Pro.`,
    )
  })

  it("an extra point has no channel and says so", () => {
    const yintang = content.extraPoints.find((p) => p.code === "EX-HN3")!
    const page = head(`/point/${yintang.slug}`, lockedPointAnswer(yintang, "en"))
    expect(page.title).toBe(`EX-HN3 ${yintang.pinyin} · Jingluo`)
    expect(page.description).toBe(
      `EX-HN3 ${yintang.pinyin} (${yintang.name.en}), an extra point outside the fourteen channels — part of Jingluo Pro.`,
    )
  })

  it("every locked point stays within the limit in every language", () => {
    for (const language of LANGUAGES)
      for (const point of [...channelPoints, ...content.extraPoints])
        expectWhole(head(`/point/${point.slug}`, lockedPointAnswer(point, language), language).description)
  })

  it("other locked items: their name, pinyin or code, and what Pro holds of them", () => {
    const st = channelOf("ST")
    const page = head(`/book/pages/channels/${st.slug}`, {
      _tag: "Locked",
      message: "This is part of Jingluo Pro",
      item: { kind: "channel", code: "ST", pinyin: st.pinyin, name: st.name.en },
    })
    expect(page.title).toBe(`${st.name.en} · Jingluo`)
    expect(page.description).toBe(`ST ${st.name.en} (${st.pinyin}). This channel is part of Jingluo Pro.`)
    const extras = head(
      "/book/pages/extra-points",
      {
        _tag: "Locked",
        message: "Das ist Teil von Jingluo Pro",
        item: { kind: "extraPoints", code: null, pinyin: null, name: "Alle 48 Extrapunkte" },
      },
      "de",
    )
    expect(extras.title).toBe("Alle 48 Extrapunkte · Jingluo")
    expect(extras.description).toBe("Alle 48 Extrapunkte. Die Extrapunkte sind Teil von Jingluo Pro.")
  })
})

describe("channels, vessels, categories, body areas and the book", () => {
  it("a channel: its name and the first sentences of its summary, or its first sentence whole", () => {
    const lu = channelOf("LU")
    const page = head(`/book/pages/channels/${lu.slug}`, channelAnswer(lu, "en"))
    expect(page.title).toBe("Lung Channel of Hand Taiyin · Jingluo")
    // With the name in front, the first sentence would be cut: it stands alone, whole.
    expect(page.description).toBe(
      "The Lung channel starts in the middle burner and comes to the surface below the clavicle, then runs down the front of the arm to the thumb.",
    )
    const short = { ...channelAnswer(lu, "en"), summary: "A short channel. It has points. And more to say here." }
    expect(head(`/book/pages/channels/${lu.slug}`, short).description).toBe(
      "Lung Channel of Hand Taiyin: A short channel. It has points. And more to say here.",
    )
  })

  it.each(LANGUAGES)("every channel and vessel within the limit (%s)", (language) => {
    for (const channel of content.channels) {
      const answer = channelAnswer(channel, language)
      const page = head(`/book/pages/channels/${channel.slug}`, answer, language)
      expect(page.title).toBe(`${answer.name} · Jingluo`)
      expectWhole(page.description, `${language} ${channel.code}: ${page.description}`)
    }
    for (const vessel of content.vessels) {
      const answer = vesselAnswer(vessel.slug, language)
      const page = head(`/book/pages/vessels/${vessel.slug}`, answer, language)
      expect(page.title).toBe(`${answer.name} · Jingluo`)
      expectWhole(page.description, `${language} ${vessel.id}: ${page.description}`)
    }
  })

  it.each(LANGUAGES)("every category, body area and chapter within the limit (%s)", (language) => {
    for (const category of content.categories) {
      const answer = categoryAnswer(category.slug, language)
      const page = head(`/book/pages/categories/${category.slug}`, answer, language)
      expect(page.title).toBe(`${answer.title} · Jingluo`)
      expectWhole(page.description, `${language} ${category.id}: ${page.description}`)
    }
    for (const area of content.bodyAreas) {
      const answer = bodyAreaAnswer(area.slug, language)
      const page = head(`/body-area/${area.slug}`, answer, language)
      expect(page.title).toBe(`${answer.title} · Jingluo`)
      expectWhole(page.description, `${language} ${area.id}: ${page.description}`)
    }
    for (const chapter of content.pages) {
      const answer = bookPageAnswer(chapter.slug, language)
      const page = head(`/book/pages/${chapter.slug}`, answer, language)
      expect(page.title).toBe(`${answer.title} · Jingluo`)
      // The summary, or where it is one long sentence, its start cut between words.
      if (answer.summary.length <= DESCRIPTION_MAX_LENGTH) expect(page.description).toBe(answer.summary)
      else expect(answer.summary.startsWith(page.description.slice(0, -1)), page.description).toBe(true)
    }
  })

  it("the indexes: titled as their pages, described from their data", () => {
    const channels = head("/book/pages/channels", channelIndexAnswer("en"))
    expect(channels).toEqual({
      title: `${t.en("browse.channelsTitle")} · Jingluo`,
      description:
        "The twelve primary channels with the Ren and Du vessels, the eight extraordinary vessels and the extra points.",
      canonical: `${ORIGIN}/book/pages/channels`,
      indexable: true,
    })
    const categories = head("/book/pages/categories", categoryListAnswer("en"))
    expect(categories.title).toBe(`${t.en("browse.categoryIndexTitle")} · Jingluo`)
    expect(categories.description).toMatch(new RegExp(`^The ${content.categories.length} classical point categories`))
    const areas = head("/book/pages/body-areas", bodyAreaListAnswer("de"), "de")
    expect(areas.title).toBe(`${t.de("browse.bodyAreaIndexTitle")} · Jingluo`)
    expect(areas.description).toBe(
      `Die ${content.bodyAreas.length} Körperregionen, jede mit ihren Punkten nach Leitbahnen geordnet.`,
    )
    const book = head("/book/pages", bookIndexAnswer("es"), "es")
    expect(book.title).toBe(`${t.es("browse.bookTitle")} · Jingluo`)
    expect(book.description).toBe(t.es("browse.bookIntro"))
    const extras = head("/book/pages/extra-points", extraPointsAnswer("en"))
    expect(extras.title).toBe("Extra points · Jingluo")
    expect(extras.description).toBe(t.en("browse.extraIntro"))
    for (const language of LANGUAGES)
      for (const [path, answer] of [
        ["/book/pages/channels", channelIndexAnswer(language)],
        ["/book/pages/categories", categoryListAnswer(language)],
        ["/book/pages/body-areas", bodyAreaListAnswer(language)],
        ["/book/pages", bookIndexAnswer(language)],
        ["/book/pages/extra-points", extraPointsAnswer(language)],
      ] as const)
        expectWhole(head(path, answer, language).description, `${language} ${path}`)
  })

  it("an unknown item, or an answer of another page, shows the not-found page and is not indexed", () => {
    for (const [path, answer] of [
      ["/point/lu-99-nowhere", undefined],
      ["/book/pages/channels/nowhere", undefined],
      ["/point/lu-9-taiyuan", channelAnswer(channelOf("LU"), "en")],
    ] as const) {
      const page = head(path, answer)
      expect(page.title, path).toBe("Page not found · Jingluo")
      expect(page.indexable, path).toBe(false)
    }
  })
})

describe("the other pages", () => {
  it("home: its title and description, in each language", () => {
    expect(head("/")).toEqual({
      title: "Learn the acupuncture channels and points · Jingluo",
      description: t.en("head.description.home"),
      canonical: `${ORIGIN}/`,
      indexable: true,
    })
    expect(head("/", undefined, "de").title).toBe(`${t.de("home:title")} · Jingluo`)
    expect(head("/", undefined, "es").description).toBe(t.es("head.description.home"))
  })

  /** Each public page's title as its view sets it (src/ui/…: usePageTitle). */
  const PUBLIC_TITLES: ReadonlyArray<readonly [string, string]> = [
    ["/about", "about:product.title"],
    ["/about-us", "about:us.title"],
    ["/login", "user:login.title"],
    ["/register", "user:register.title"],
    ["/pricing", "billing:pricingTitle"],
    ["/search", "search.main.title"],
    ["/full-text", "search.fullText.title"],
    ["/book/charts", "charts:explorer.title"],
    ["/book/charts/body-front", "charts:explorer.title"],
  ]

  it.each(LANGUAGES)("public pages: the titles their views set, indexed, described whole (%s)", (language) => {
    for (const [path, key] of PUBLIC_TITLES) {
      const page = head(path, undefined, language)
      expect(page.title, path).toBe(`${t[language](key)} · Jingluo`)
      expect(page.indexable, path).toBe(true)
      expect(page.canonical, path).toBe(`${ORIGIN}${path}`)
      expectWhole(page.description, `${language} ${path}`)
    }
    // Every title and description is a text, never a key that is missing.
    for (const [path] of PUBLIC_TITLES)
      expect(Object.values(head(path, undefined, language)).join(" "), path).not.toMatch(
        /\b(head|user|about|charts):|\bhead\./,
      )
  })

  it("/plan-pro is the pricing page: one canonical address for both", () => {
    expect(head("/plan-pro")).toMatchObject({ title: "Jingluo Pro · Jingluo", canonical: `${ORIGIN}/pricing` })
  })

  /** One person's pages, the pages of a flow, and pages with nothing to find: never indexed. */
  const CLOSED: ReadonlyArray<readonly [string, string | null]> = [
    ["/account-settings/my-profile", "account:profile.title"],
    ["/account-settings/change-my-password", "account:password.title"],
    ["/account-settings/registered-devices", "account:devices.title"],
    ["/account-settings/delete-account", "account:delete.title"],
    ["/account-settings/notes", "account:toggles.title"],
    ["/account-settings/video-settings", "account:video.title"],
    ["/account-settings/my-membership", "billing:membershipTitle"],
    ["/account-settings/support", "feedback:title"],
    ["/account-settings/tests-settings", "self-tests:settings.title"],
    ["/my-notes", "notes:myNotes.title"],
    ["/my-point-groups", "groups:pageTitle"],
    ["/test", "self-tests:title"],
    ["/test/", "self-tests:title"],
    ["/test/new", "self-tests:title"],
    ["/test/scores", "self-tests:scores.title"],
    ["/test/new/location-test", "self-tests:types.location-test.name"],
    ["/test/new/review-test", "self-tests:types.review-test.name"],
    ["/test/new/pointgroup/point-group-test/12", null],
    ["/get/results", "self-tests:result.pageTitle"],
    ["/verify-email", "user:verify.title"],
    ["/resetpassword", "user:reset.title"],
    ["/restore-email", "account:restore.title"],
    ["/social/callback", "social:callback.title"],
    ["/payment-success", null],
    ["/payment-failure", "billing:failureTitle"],
    ["/acupressure-videos", "sharing:title"],
    ["/patient/unsubscribe", "sharing:unsubscribe.title"],
    ["/patient/4f3a9c1e", null],
    ["/video/play-channel-video/lung-channel", null],
    ["/video/play-channel/lung-channel", null],
    ["/point/LU9", "search.reference.finding"],
    ["/book/charts/nowhere", "charts:explorer.title"],
    ["/not-found", "notFound.title"],
    ["/no/such/page", "notFound.title"],
    ["/test/new/no-such-test", "notFound.title"],
    ["/test/new/pointgroup/other/12", "notFound.title"],
    ["/book/pages/channels/lung-channel/more", "notFound.title"],
  ]

  it.each(LANGUAGES)("is not indexed and keeps the title its view sets, or the app's name (%s)", (language) => {
    for (const [path, key] of CLOSED) {
      const page = head(path, undefined, language)
      expect(page.indexable, path).toBe(false)
      expect(page.title, path).toBe(key === null ? "Jingluo" : `${t[language](key)} · Jingluo`)
      expect(page.title, path).not.toMatch(/:|\.(title|name)/)
      expectWhole(page.description, `${language} ${path}`)
    }
  })

  it("a canonical address is absolute and encoded", () => {
    expect(head("/no such/päge").canonical).toBe(`${ORIGIN}/no%20such/p%C3%A4ge`)
  })
})

describe("pageHeadHtml", () => {
  it("writes the title, description, canonical link, Open Graph and Twitter tags", () => {
    const lu9 = pointOf("LU-9")
    const page = head(`/point/${lu9.slug}`, pointAnswer(lu9, "de"), "de")
    const html = pageHeadHtml(page, "de")
    expect(html).toContain("<title>LU-9 Tàiyuān · Jingluo</title>")
    expect(html).toContain(`<meta name="description" content="${page.description}">`)
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/point/lu-9-taiyuan">`)
    expect(html).toContain('<meta property="og:type" content="website">')
    expect(html).toContain('<meta property="og:site_name" content="Jingluo">')
    // The site is named apart: a preview shows the page's own title.
    expect(html).toContain('<meta property="og:title" content="LU-9 Tàiyuān">')
    expect(html).toContain(`<meta property="og:description" content="${page.description}">`)
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/point/lu-9-taiyuan">`)
    expect(html).toContain('<meta property="og:locale" content="de_DE">')
    expect(html).toContain('<meta name="twitter:card" content="summary">')
    expect(html).not.toContain("robots")
    expect(pageHeadHtml(page, "es")).toContain('<meta property="og:locale" content="es_ES">')
    expect(pageHeadHtml(page, "en")).toContain('<meta property="og:locale" content="en_US">')
  })

  it("says noindex for a page that is not indexed", () => {
    expect(pageHeadHtml(head("/my-notes"), "en")).toContain('<meta name="robots" content="noindex">')
  })

  it("escapes every value: a text cannot end its tag or attribute", () => {
    const html = pageHeadHtml(
      {
        title: `</title><script>alert("x")</script> · Jingluo`,
        description: `"><img src=x onerror='alert(1)'> & more`,
        canonical: `${ORIGIN}/a"b<c>`,
        indexable: true,
      },
      "en",
    )
    expect(html).not.toMatch(/<script|<img|"><|='/)
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; · Jingluo</title>")
    expect(html).toContain(
      '<meta name="description" content="&quot;&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt; &amp; more">',
    )
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/a&quot;b&lt;c&gt;">`)
    // Names from the content escape the same way: a locked point's public facts go through it.
    const locked = head("/point/lu-1-zhongfu", {
      _tag: "Locked",
      message: "",
      item: { kind: "point", code: "LU-1", pinyin: "Zhōngfǔ", name: `Central <"Palace">`, channel: "Lung & co" },
    })
    expect(pageHeadHtml(locked, "en")).toContain("(Central &lt;&quot;Palace&quot;&gt;), a point of the Lung &amp; co")
  })
})
