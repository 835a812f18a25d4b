// Channel-pathways test: the order of points along a channel (which point follows or precedes
// this one, where a channel starts and ends), which channel a point belongs to, and the channel's
// connections: its interior–exterior partner, its six-channel partner, the channel qi flows into
// next, and for the extraordinary vessels the points they pass and the vessel they pair with.
// Points in these questions are shown without their codes, which would give the order away.
import type { ChannelCode, VesselId } from "../content/content-schema.ts"
import type { QuestionOption } from "./question.ts"
import {
  type BuildContext,
  choiceQuestion,
  type KindBuilder,
  otherPoolPoints,
  pickDistractors,
  pointOption,
  sameChannel,
} from "./question-kit.ts"
import type { PointInfo, TestChannel } from "./test-content.ts"

const channelOption = (code: ChannelCode): QuestionOption => ({ _tag: "Channel", code })
const vesselOption = (id: VesselId): QuestionOption => ({ _tag: "Vessel", id })

/** The neighbour of `focus` along its channel `step` places away, when the learner may see it. */
const neighbour = (context: BuildContext, focus: PointInfo, step: number): PointInfo | undefined => {
  if (!focus.channel) return undefined
  const point = focus.channel.points[focus.position + step]
  return point && context.pool.points.has(point.code) ? context.index.byCode.get(point.code) : undefined
}

/** Experts: points close along the same channel first, then the rest of it. */
const alongChannel = (focus: PointInfo) => (p: PointInfo) =>
  sameChannel(focus, p) ? (Math.abs(p.position - focus.position) <= 3 ? 2 : 1) : 0

const orderQuestion =
  (kind: "next-point" | "previous-point", step: -1 | 1): KindBuilder =>
  (context, focus) => {
    // "Which point follows Q?" is asked about the focus as the answer: Q is its neighbour on the other side.
    const asked = neighbour(context, focus, -step)
    if (!asked || !focus.channel) return undefined
    const distractors = pickDistractors(context, otherPoolPoints(context, focus, asked), {
      plausibility: alongChannel(focus),
    })
    if (!distractors) return undefined
    return choiceQuestion(
      context,
      { kind, point: asked.code, channel: focus.channel.code },
      pointOption(focus),
      distractors.map(pointOption),
      { points: [focus.code, asked.code], channel: focus.channel.code },
    )
  }

export const nextPoint: KindBuilder = orderQuestion("next-point", 1)
export const previousPoint: KindBuilder = orderQuestion("previous-point", -1)

const isEnd = (p: PointInfo) => p.channel !== null && (p.position === 0 || p.position === p.channel.points.length - 1)

const endQuestion =
  (kind: "channel-start" | "channel-end"): KindBuilder =>
  (context, focus) => {
    const channel = focus.channel
    if (!channel) return undefined
    const wanted = kind === "channel-start" ? 0 : channel.points.length - 1
    if (focus.position !== wanted) return undefined
    const distractors = pickDistractors(context, otherPoolPoints(context, focus), {
      plausibility: (p) => (sameChannel(focus, p) ? 2 : isEnd(p) ? 1 : 0),
    })
    if (!distractors) return undefined
    return choiceQuestion(context, { kind, channel: channel.code }, pointOption(focus), distractors.map(pointOption), {
      points: [focus.code],
      channel: channel.code,
    })
  }

export const channelStart: KindBuilder = endQuestion("channel-start")
export const channelEnd: KindBuilder = endQuestion("channel-end")

const allChannels = (context: BuildContext): ReadonlyArray<TestChannel> => context.index.content.channels

export const channelOfPoint: KindBuilder = (context, focus) => {
  const own = focus.channel
  if (!own) return undefined
  const candidates = allChannels(context).filter((c) => c.code !== own.code)
  const distractors = pickDistractors(context, candidates, {
    plausibility: (c) => ([...focus.areas].some((area) => context.index.channelAreas.get(c.code)?.has(area)) ? 1 : 0),
  })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "channel-of-point", point: focus.code },
    channelOption(own.code),
    distractors.map((c) => channelOption(c.code)),
    { points: [focus.code], channel: own.code },
  )
}

const partnerQuestion =
  (kind: "paired-channel" | "coupled-channel"): KindBuilder =>
  (context, focus) => {
    const channel = focus.channel
    if (!channel) return undefined
    const right = kind === "paired-channel" ? channel.pairedChannel : channel.coupledChannel
    const other = kind === "paired-channel" ? channel.coupledChannel : channel.pairedChannel
    // Only the twelve primary channels have a partner of either kind; Ren and Du pair with each
    // other outside the six levels, so neither is asked about nor offered.
    if (!right || channel.level === null) return undefined
    const candidates = allChannels(context).filter(
      (c) => c.level !== null && c.code !== channel.code && c.code !== right,
    )
    // The interior–exterior partner shares the limb and has the other polarity; the six-channel
    // partner shares the polarity on the other limb. Experts get channels that fit the same pattern.
    const fits = (c: TestChannel) =>
      kind === "paired-channel"
        ? c.limb === channel.limb && c.polarity !== channel.polarity
        : c.polarity === channel.polarity && c.limb !== channel.limb
    const distractors = pickDistractors(context, candidates, {
      plausibility: (c) => (fits(c) ? 2 : 0) + (c.code === other ? 1 : 0),
    })
    if (!distractors) return undefined
    return choiceQuestion(
      context,
      { kind, channel: channel.code },
      channelOption(right),
      distractors.map((c) => channelOption(c.code)),
      { points: [], channel: channel.code },
    )
  }

export const pairedChannel: KindBuilder = partnerQuestion("paired-channel")
export const coupledChannel: KindBuilder = partnerQuestion("coupled-channel")

/** The twelve channels form one circuit: Lung → Large Intestine → … → Liver → Lung. */
export const nextChannelInFlow: KindBuilder = (context, focus) => {
  const { flowOrder } = context.index
  const channel = focus.channel
  const at = channel ? flowOrder.indexOf(channel.code) : -1
  if (!channel || at < 0 || flowOrder.length < 2) return undefined
  const step = (i: number) => flowOrder[(i + flowOrder.length) % flowOrder.length] as ChannelCode
  const right = step(at + 1)
  const near = new Set([step(at - 1), step(at + 2), channel.pairedChannel])
  const candidates = flowOrder.filter((code) => code !== channel.code && code !== right)
  const distractors = pickDistractors(context, candidates, { plausibility: (code) => (near.has(code) ? 1 : 0) })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "next-channel-in-flow", channel: channel.code },
    channelOption(right),
    distractors.map(channelOption),
    { points: [], channel: channel.code },
  )
}

/** Vessels the learner may open that pass through (or are opened by) the focus point, in content order. */
const vesselsOf = (context: BuildContext, focus: PointInfo, withConfluent: boolean) =>
  context.index.content.vessels.filter(
    (v) =>
      context.pool.vessels.has(v.id) &&
      (v.points.includes(focus.code) || (withConfluent && v.confluentPoint === focus.code)),
  )

export const pointOnVessel: KindBuilder = (context, focus) => {
  const vessel = context.random.pick(vesselsOf(context, focus, false))
  if (!vessel) return undefined
  const onAnyVessel = new Set(context.index.content.vessels.flatMap((v) => v.points))
  const candidates = otherPoolPoints(context, focus).filter((p) => !vessel.points.includes(p.code))
  const distractors = pickDistractors(context, candidates, {
    plausibility: (p) => (onAnyVessel.has(p.code) ? 1 : 0) + (sameChannel(focus, p) ? 1 : 0),
  })
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "point-on-vessel", vessel: vessel.id },
    pointOption(focus),
    distractors.map(pointOption),
    { points: [focus.code], vessel: vessel.id },
  )
}

export const coupledVessel: KindBuilder = (context, focus) => {
  const vessel = context.random.pick(vesselsOf(context, focus, true))
  if (!vessel) return undefined
  const candidates = context.index.content.vessels
    .map((v) => v.id)
    .filter((id) => id !== vessel.id && id !== vessel.coupledVessel)
  const distractors = pickDistractors(context, candidates)
  if (!distractors) return undefined
  return choiceQuestion(
    context,
    { kind: "coupled-vessel", vessel: vessel.id },
    vesselOption(vessel.coupledVessel),
    distractors.map(vesselOption),
    { points: [], vessel: vessel.id },
  )
}
