// Captions: valid WebVTT with escaped markup, location texts split into sentences (not at
// abbreviations or German ordinals), and the measurement said in each language's words.
import { describe, expect, it } from "vitest"
import {
  formatShare,
  measurementWords,
  sentences,
  spreadCues,
  toWebVtt,
  transcript,
} from "../../../src/domain/videos/video-captions.ts"
import { videoId } from "../../../src/domain/videos/video-parts.ts"

describe("video captions", () => {
  it("write WebVTT: a header, HH:MM:SS.mmm timings, markup escaped, one line per cue", () => {
    const cues = [
      { start: 0, end: 2.6, text: "LU-9 · Tàiyuān · Great Abyss" },
      { start: 2.6, end: 3661.0005, text: "Between <radial> artery & tendon\nlevel with it." },
    ]
    expect(toWebVtt(cues)).toBe(
      "WEBVTT\n\n" +
        "00:00:00.000 --> 00:00:02.600\nLU-9 · Tàiyuān · Great Abyss\n\n" +
        "00:00:02.600 --> 01:01:01.001\nBetween &lt;radial&gt; artery &amp; tendon level with it.\n",
    )
    expect(transcript(cues)).toBe("LU-9 · Tàiyuān · Great Abyss\nBetween <radial> artery & tendon\nlevel with it.")
  })

  it("split a text into sentences, not after abbreviations or ordinals", () => {
    expect(sentences("On the wrist crease. In the hollow beside the A. radialis and the M. flexor.")).toEqual([
      "On the wrist crease.",
      "In the hollow beside the A. radialis and the M. flexor.",
    ])
    expect(sentences("Am 4. Zeh, lateral. Auf Höhe von GB-31. Dort.")).toEqual([
      "Am 4. Zeh, lateral.",
      "Auf Höhe von GB-31.",
      "Dort.",
    ])
    expect(sentences("En la muñeca, i.e. Sobre el pliegue.")).toEqual(["En la muñeca, i.e. Sobre el pliegue."])
  })

  it("spread cues over a span in proportion to their length, end to end", () => {
    const cues = spreadCues(["short", "a much longer sentence here"], 2, 10)
    expect(cues[0]!.start).toBe(2)
    expect(cues[0]!.end).toBe(cues[1]!.start)
    expect(cues[1]!.end).toBe(10)
    expect(cues[1]!.end - cues[1]!.start).toBeGreaterThan(cues[0]!.end - cues[0]!.start)
  })

  it("say a measurement in English, German and Spanish", () => {
    const m = {
      start: { kind: "point", code: "ST-35" },
      offsets: [
        { direction: "distal", cun: 3 },
        { direction: "lateral", cun: 0.75 },
      ],
      ruler: 16,
    } as const
    expect(measurementWords(m, "en")).toBe(
      "Measured from ST-35: 3 cun distal, 0.75 cun lateral. The ruler divides the 16 cun between two stations.",
    )
    expect(measurementWords(m, "de")).toBe(
      "Gemessen von ST-35: 3 Cun nach distal, 0,75 Cun nach lateral. Das Lineal teilt die 16 Cun zwischen zwei Bezugspunkten.",
    )
    expect(measurementWords(m, "es")).toBe(
      "Medido desde ST-35: 3 cun hacia distal, 0,75 cun hacia lateral. La regla divide los 16 cun entre dos referencias.",
    )
    const line = { start: { kind: "line", t: 0.4167 }, offsets: [], ruler: 12 } as const
    expect(measurementWords(line, "en")).toBe(
      "Measured from the spot 5/12 of the way along the marked line: the point lies right there. The ruler divides the 12 cun between two stations.",
    )
    expect(formatShare(0.5)).toBe("1/2")
    expect(formatShare(0.37)).toBe("37 %")
  })

  it("name videos in lower case, URL-safe", () => {
    expect(videoId("channel", "LU")).toBe("channel-lu")
    expect(videoId("vessel", "yin-qiao")).toBe("vessel-yin-qiao")
    expect(videoId("point", "LU-9")).toBe("point-lu-9")
    expect(videoId("point", "EX-HN3")).toBe("point-ex-hn-3")
  })
})
