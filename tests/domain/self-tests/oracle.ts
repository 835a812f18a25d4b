// An answer key written independently of the generators: straight from the content files, whether
// an option satisfies a prompt. The property tests check that exactly one option of every question
// satisfies it, so a generator cannot hide a second right answer behind its own lookups.
import type { Content } from "../../../server/content/load-content.ts"
import { MIN_CHOICE_GAP } from "../../../src/domain/charts/chart-practice.ts"
import type { ResolvedView } from "../../../src/domain/charts/chart-resolve.ts"
import type { Point } from "../../../src/domain/content/content-schema.ts"
import type { Prompt, Question, QuestionOption, TextRef } from "../../../src/domain/self-tests/question.ts"

const toneless = (pinyin: string) =>
  pinyin
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "")

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

export interface Oracle {
  readonly point: (code: string) => Point
  readonly text: (ref: TextRef) => string
  readonly satisfies: (prompt: Prompt, option: QuestionOption) => boolean
  /** The points a question shows or refers to: each group names the points one item may stand for. */
  readonly pointsOf: (question: Question) => ReadonlyArray<ReadonlyArray<string>>
}

/**
 * `views`: the body charts, resolved from their files. A position answers "where is X?" when it
 * lies within the practice's gap of a place the chart draws X (either side), as a learner would
 * judge it by eye.
 */
export const makeOracle = (content: Content, views: ReadonlyArray<ResolvedView> = []): Oracle => {
  const points = new Map<string, Point>(
    [...content.channels.flatMap((c) => c.points), ...content.extraPoints].map((p) => [p.code, p]),
  )
  const point = (code: string) => {
    const found = points.get(code)
    if (!found) throw new Error(`no point ${code}`)
    return found
  }
  const channelOf = (code: string) => content.channels.find((c) => c.points.some((p) => p.code === code))
  const channel = (code: string) => {
    const found = content.channels.find((c) => c.code === code)
    if (!found) throw new Error(`no channel ${code}`)
    return found
  }
  const category = (id: string) => {
    const found = content.categories.find((c) => c.id === id)
    if (!found) throw new Error(`no category ${id}`)
    return found
  }
  const vessel = (id: string) => {
    const found = content.vessels.find((v) => v.id === id)
    if (!found) throw new Error(`no vessel ${id}`)
    return found
  }
  const text = (ref: TextRef): string => {
    const p = point(ref.point)
    const found =
      ref.field === "location"
        ? ref.index === 0
          ? p.location
          : undefined
        : ref.field === "cautions" || ref.field === "contraindications"
          ? p.needling[ref.field][ref.index]
          : p[ref.field][ref.index]
    if (found === undefined) throw new Error(`no text ${JSON.stringify(ref)}`)
    return found
  }
  const required = <A>(value: A | undefined, what: string): A => {
    if (value === undefined) throw new Error(`prompt without ${what}`)
    return value
  }

  const satisfies = (prompt: Prompt, option: QuestionOption): boolean => {
    const asked = () => point(required(prompt.point, "point"))
    const isText = (field: "actions" | "indications" | "cautions") => {
      if (option._tag !== "Text") return false
      const own = field === "cautions" ? asked().needling.cautions : asked()[field]
      return own.some((t) => same(t, text(option.ref)))
    }
    const pointOption = () => (option._tag === "Point" ? point(option.code) : undefined)
    switch (prompt.kind) {
      case "point-from-location":
        return pointOption()?.location === text(required(prompt.text, "text"))
      case "location-of-point":
        return option._tag === "Text" && option.ref.field === "location" && same(text(option.ref), asked().location)
      case "point-on-chart": {
        const resolved = views.find((v) => v.view.id === required(prompt.view, "view"))
        if (!resolved || option._tag !== "Site") return false
        const gap = MIN_CHOICE_GAP * Math.max(resolved.view.viewBox[2], resolved.view.viewBox[3])
        return resolved.points.some(
          (p) => p.code === asked().code && Math.hypot(p.position[0] - option.x, p.position[1] - option.y) < gap,
        )
      }
      case "point-in-area":
        return pointOption()?.bodyAreas.includes(required(prompt.bodyArea, "bodyArea")) ?? false
      case "area-of-point":
        return option._tag === "BodyArea" && asked().bodyAreas.includes(option.id)
      case "action-of-point":
        return isText("actions")
      case "indication-of-point":
        return isText("indications")
      case "caution-of-point":
        return isText("cautions")
      case "category-of-point":
        return option._tag === "Category" && category(option.id).members.some((m) => m.point === asked().code)
      case "point-from-hanzi": {
        const hanzi = required(prompt.hanzi, "hanzi")
        const p = pointOption()
        return p !== undefined && (p.hanzi.traditional === hanzi.traditional || p.hanzi.simplified === hanzi.simplified)
      }
      case "point-from-pinyin": {
        const p = pointOption()
        return p !== undefined && toneless(p.pinyin) === toneless(required(prompt.pinyin, "pinyin"))
      }
      case "hanzi-of-point":
        return (
          option._tag === "Hanzi" &&
          (option.hanzi.traditional === asked().hanzi.traditional ||
            option.hanzi.simplified === asked().hanzi.simplified)
        )
      case "pinyin-of-point":
        return option._tag === "Pinyin" && toneless(option.pinyin) === toneless(asked().pinyin)
      case "type-pinyin":
        return false
      case "point-for-role": {
        // "Spleen" is held by SP-4 and by SP-21, "Great luo of the Spleen"; "Bladder" is not "Gallbladder".
        const words = (s: string) =>
          ` ${s
            .toLowerCase()
            .replace(/[^a-z]+/g, " ")
            .trim()} `
        const role = words(required(prompt.role, "role").en)
        const p = pointOption()
        return (
          p !== undefined &&
          category(required(prompt.category, "category")).members.some(
            (m) =>
              m.point === p.code &&
              m.role !== undefined &&
              (words(m.role.en).includes(role) || role.includes(words(m.role.en))),
          )
        )
      }
      case "point-in-category": {
        const p = pointOption()
        return (
          p !== undefined && category(required(prompt.category, "category")).members.some((m) => m.point === p.code)
        )
      }
      case "next-point":
      case "previous-point": {
        const c = channel(required(prompt.channel, "channel"))
        const at = c.points.findIndex((p) => p.code === required(prompt.point, "point"))
        const wanted = c.points[at + (prompt.kind === "next-point" ? 1 : -1)]
        return option._tag === "Point" && option.code === wanted?.code
      }
      case "channel-start":
        return option._tag === "Point" && option.code === channel(required(prompt.channel, "channel")).points[0]?.code
      case "channel-end":
        return (
          option._tag === "Point" && option.code === channel(required(prompt.channel, "channel")).points.at(-1)?.code
        )
      case "channel-of-point":
        return option._tag === "Channel" && channelOf(asked().code)?.code === option.code
      case "paired-channel":
        return option._tag === "Channel" && channel(required(prompt.channel, "channel")).pairedChannel === option.code
      case "coupled-channel": {
        // The six-channel levels (Taiyang … Jueyin) pair the twelve primary channels only.
        const asked = channel(required(prompt.channel, "channel"))
        if (asked.level === null) throw new Error(`${asked.code} has no six-channel level`)
        return option._tag === "Channel" && option.code !== asked.code && channel(option.code).level === asked.level
      }
      case "next-channel-in-flow": {
        // Qi passes on to the channel whose two hours begin when this one's end.
        const ends = channel(required(prompt.channel, "channel")).horary?.to
        return option._tag === "Channel" && channel(option.code).horary?.from === ends
      }
      case "point-on-vessel":
        return option._tag === "Point" && vessel(required(prompt.vessel, "vessel")).points.includes(option.code)
      case "coupled-vessel": {
        const v = vessel(required(prompt.vessel, "vessel"))
        return option._tag === "Vessel" && (v.coupledVessel === option.id || vessel(option.id).coupledVessel === v.id)
      }
      // Safety: the option's point carries the flag the prompt asks about.
      case "safety-pregnancy":
        return option._tag === "Point" && point(option.code).safety.pregnancy.level === "contraindicated"
      case "safety-lung-pleura":
        return option._tag === "Point" && point(option.code).safety.organsBeneath.some((o) => o.organ === "lung-pleura")
      case "safety-depth-limit":
        return option._tag === "Point" && point(option.code).safety.needlingDepthLimit !== null
      case "safety-radial-artery":
        return option._tag === "Point" && point(option.code).safety.vessels.some((v) => v.vessel === "radial-artery")
    }
  }

  const pointsOf = (question: Question): ReadonlyArray<ReadonlyArray<string>> => {
    const groups: Array<ReadonlyArray<string>> = question.explanation.points.map((code) => [code])
    const { prompt } = question
    if (prompt.point) groups.push([prompt.point])
    if (prompt.text) groups.push([prompt.text.point])
    // A name or characters belong to the points that bear them (two points may share a pinyin).
    const named = (test: (p: Point) => boolean) => [...points.values()].filter(test).map((p) => p.code)
    if (prompt.pinyin !== undefined) groups.push(named((p) => p.pinyin === prompt.pinyin))
    if (prompt.hanzi !== undefined) groups.push(named((p) => p.hanzi.traditional === prompt.hanzi?.traditional))
    for (const option of question.options) {
      if (option._tag === "Point" || option._tag === "Site") groups.push([option.code])
      if (option._tag === "Text") groups.push([option.ref.point])
      if (option._tag === "Pinyin") groups.push(named((p) => p.pinyin === option.pinyin))
      if (option._tag === "Hanzi") groups.push(named((p) => p.hanzi.traditional === option.hanzi.traditional))
    }
    return groups
  }

  return { point, text, satisfies, pointsOf }
}
