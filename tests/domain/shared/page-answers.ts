// Content answers as the content service gives them to a Pro reader or for a free item, built from
// the knowledge base itself (content/ with its German and Spanish overlays), and the i18next `t` of
// the app over the real locales: what page-head.ts is given when a page is rendered.
import { readdirSync, readFileSync } from "node:fs"
import { basename, join, resolve } from "node:path"
import i18next from "i18next"
import { loadContent } from "../../../server/content/load-content.ts"
import type { ChannelFile, Point } from "../../../src/domain/content/content-schema.ts"
import type {
  BodyAreaListItem,
  BodyAreaPage,
  BookPage,
  CategoryListItem,
  CategoryPage,
  ChannelIndex,
  ChannelPage,
  ExtraPointsPage,
  PointPage,
  PointSummary,
  StaticMenuItem,
  VesselPage,
} from "../../../src/domain/content/content-views.ts"
import {
  localizeChannel,
  localizePoint,
  localizeVessel,
  overlaysFor,
  pointOverlayOf,
} from "../../../src/domain/content/localize-content.ts"
import type { LockedPage } from "../../../src/domain/content/locked-page-schema.ts"
import { localizeSafety } from "../../../src/domain/content/point-safety.ts"
import type { Translate } from "../../../src/domain/shared/page-head.ts"

export type Language = "en" | "de" | "es"
export const LANGUAGES: ReadonlyArray<Language> = ["en", "de", "es"]

export const content = loadContent()

const LOCALES = resolve(import.meta.dirname, "../../../locales")

/** The app's `t` in `language`: every namespace of locales/, English where a text is missing. */
export const translator = async (language: Language): Promise<Translate> => {
  const resources = Object.fromEntries(
    LANGUAGES.map((lng) => [
      lng,
      Object.fromEntries(
        readdirSync(join(LOCALES, lng))
          .filter((file) => file.endsWith(".json"))
          .map((file) => [basename(file, ".json"), JSON.parse(readFileSync(join(LOCALES, lng, file), "utf8"))]),
      ),
    ]),
  )
  const instance = i18next.createInstance()
  await instance.init({
    lng: language,
    fallbackLng: "en",
    resources,
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  return (key, values) => instance.t(key, values ?? {})
}

export const channelOf = (code: string): ChannelFile => content.channels.find((c) => c.code === code)!
export const pointOf = (code: string): Point =>
  [...content.channels.flatMap((c) => c.points), ...content.extraPoints].find((p) => p.code === code)!
const channelOfPoint = (point: Point) => content.channels.find((c) => c.points.includes(point)) ?? null

const summary = (point: Point, language: Language): PointSummary => ({
  code: point.code,
  slug: point.slug,
  pinyin: point.pinyin,
  hanzi: point.hanzi.traditional,
  name: point.name[language],
  permission: true,
  categories: [],
})

export const pointAnswer = (point: Point, language: Language): PointPage => {
  const channel = channelOfPoint(point)
  const { languages, ...texts } = localizePoint(
    point,
    pointOverlayOf(overlaysFor(content.translations, language), point.code),
    language,
  )
  return {
    code: point.code,
    altCodes: point.altCodes,
    slug: point.slug,
    pinyin: point.pinyin,
    hanzi: point.hanzi,
    name: point.name[language],
    names: point.name,
    channel: channel && { code: channel.code, slug: channel.slug, name: channel.name[language], permission: true },
    region: null,
    ...texts,
    safety: localizeSafety(
      point.safety,
      texts.needling,
      (id) => content.glossary.find((term) => term.id === id)?.[language] ?? id,
    ),
    textLanguage: language,
    textLanguages: languages,
    categories: [],
    bodyAreas: [],
    previous: null,
    next: null,
  }
}

export const channelAnswer = (channel: ChannelFile, language: Language): ChannelPage => {
  const { languages, ...texts } = localizeChannel(
    channel,
    overlaysFor(content.translations, language)?.channels[channel.code]?.channel,
    language,
  )
  return {
    code: channel.code,
    slug: channel.slug,
    name: channel.name[language],
    pinyin: channel.pinyin,
    hanzi: channel.hanzi,
    polarity: channel.polarity,
    limb: channel.limb,
    level: channel.level,
    phase: channel.phase,
    organ: channel.organ === null ? null : channel.organ[language],
    horary: channel.horary,
    pairedChannel: null,
    coupledChannel: null,
    ...texts,
    textLanguage: language,
    textLanguages: languages,
    points: channel.points.map((p) => summary(p, language)),
  }
}

export const vesselAnswer = (slug: string, language: Language): VesselPage => {
  const vessel = content.vessels.find((v) => v.slug === slug)!
  const { languages, ...texts } = localizeVessel(
    vessel,
    overlaysFor(content.translations, language)?.vessels[vessel.id],
    language,
  )
  const confluent = summary(pointOf(vessel.confluentPoint), language)
  return {
    id: vessel.id,
    slug: vessel.slug,
    name: vessel.name[language],
    pinyin: vessel.pinyin,
    hanzi: vessel.hanzi,
    ...texts,
    textLanguage: language,
    textLanguages: languages,
    confluentPoint: confluent,
    coupledVessel: { slug: vessel.slug, name: vessel.name[language], permission: true },
    xiCleftPoint: null,
    luoPoint: null,
    points: vessel.points.map((code) => summary(pointOf(code), language)),
  }
}

export const channelIndexAnswer = (language: Language): ChannelIndex => ({
  channels: content.channels.map((c) => ({
    code: c.code,
    slug: c.slug,
    name: c.name[language],
    pinyin: c.pinyin,
    hanzi: c.hanzi.traditional,
    pointCount: c.points.length,
    permission: true,
  })),
  vessels: content.vessels.map((v) => ({ id: v.id, slug: v.slug, name: v.name[language], permission: true })),
  extraPoints: { count: content.extraPoints.length, permission: true },
})

export const categoryListAnswer = (language: Language): ReadonlyArray<CategoryListItem> =>
  content.categories.map((c) => ({
    id: c.id,
    slug: c.slug,
    title: c.name[language],
    pointCount: c.members.length,
    permission: true,
  }))

export const categoryAnswer = (slug: string, language: Language): CategoryPage => {
  const category = content.categories.find((c) => c.slug === slug)!
  return {
    id: category.id,
    slug: category.slug,
    title: category.name[language],
    description: category.description[language] ?? category.description.en,
    textLanguage: category.description[language] === undefined ? "en" : language,
    members: category.members.map((m) => ({ point: summary(pointOf(m.point), language), role: null, phase: null })),
  }
}

export const bodyAreaListAnswer = (language: Language): ReadonlyArray<BodyAreaListItem> =>
  content.bodyAreas.map((a) => ({
    id: a.id,
    title: a.name[language],
    slug: a.slug,
    mapping_id: a.id,
    permission: true,
  }))

export const bodyAreaAnswer = (slug: string, language: Language): BodyAreaPage => {
  const area = content.bodyAreas.find((a) => a.slug === slug)!
  return {
    id: area.id,
    slug: area.slug,
    title: area.name[language],
    description: area.description[language] ?? area.description.en,
    textLanguage: area.description[language] === undefined ? "en" : language,
    groups: [],
  }
}

export const bookIndexAnswer = (language: Language): ReadonlyArray<StaticMenuItem> =>
  content.pages.map((p) => ({ slug: p.slug, title: p.title[language], summary: p.summary[language], permission: true }))

export const bookPageAnswer = (slug: string, language: Language): BookPage => {
  const page = content.pages.find((p) => p.slug === slug)!
  return {
    slug: page.slug,
    title: page.title[language],
    summary: page.summary[language],
    body: page.body[language],
    textLanguage: language,
  }
}

export const extraPointsAnswer = (language: Language): ExtraPointsPage => ({
  regions: [{ region: "Head and neck", points: content.extraPoints.map((p) => summary(p, language)) }],
})

/** What the content service answers a visitor for a locked point: its public facts only. */
export const lockedPointAnswer = (point: Point, language: Language): LockedPage => {
  const channel = channelOfPoint(point)
  return {
    _tag: "Locked",
    message: "This is part of Jingluo Pro",
    item: {
      kind: "point",
      code: point.code,
      pinyin: point.pinyin,
      name: point.name[language],
      ...(channel === null ? {} : { channel: channel.name[language] }),
    },
  }
}
