// One question of a running test: a radio group (arrow keys choose, Enter saves) or, for typed
// pinyin, a text field. Every option, the location question's included, is answered by keyboard
// alone or by pointer; texts not in the page's language carry their own `lang`. "Where is ST-36?"
// is answered on the chart (loaded when shown): click a lettered position, or move the marker with
// the arrow keys, or choose the same letter in the list beside it; Enter saves either way.
import { Label, Radio, RadioGroup, Text } from "react-aria-components/RadioGroup"
import { useTranslation } from "react-i18next"
import { type GivenAnswer, type PresentedQuestion, positionLetter } from "../../domain/self-tests/question.ts"
import type { Names } from "../../domain/self-tests/test-views.ts"
import { LazyChartQuestion } from "../charts/LazyCharts.tsx"
import { TextField } from "../shared/components/TextField.tsx"
import { chartCandidates } from "./chart-candidates.ts"
import { optionText, promptText } from "./question-text.ts"

export interface QuestionViewProps {
  readonly question: PresentedQuestion
  readonly names: Names
  readonly textLanguage: string
  readonly draft: GivenAnswer | null
  readonly isDisabled: boolean
  readonly onChange: (answer: GivenAnswer | null) => void
  readonly onSubmit: () => void
}

export const QuestionView = ({
  question,
  names,
  textLanguage,
  draft,
  isDisabled,
  onChange,
  onSubmit,
}: QuestionViewProps) => {
  const { t, i18n } = useTranslation(["self-tests", "common"])
  const prompt = promptText(t, question, names)
  const lang = textLanguage === i18n.language ? undefined : textLanguage
  const promptTextBlock = question.prompt.text ? (
    <blockquote className="question-text" lang={lang}>
      {question.prompt.text}
    </blockquote>
  ) : null

  if (question.answerMode === "typed") {
    return (
      <div className="question">
        <p className="question-prompt" id="question-prompt">
          {prompt}
        </p>
        {promptTextBlock}
        <TextField
          label={t("self-tests:session.typeLabel")}
          description={t("self-tests:session.typeHelp")}
          value={draft?._tag === "Typed" ? draft.text : ""}
          onChange={(text) => onChange({ _tag: "Typed", text })}
          isDisabled={isDisabled}
          autoComplete="off"
          spellCheck="false"
          lang="zh-Latn-pinyin"
          aria-describedby="question-prompt"
        />
      </div>
    )
  }

  const selected = draft?._tag === "Choice" ? String(draft.index) : null
  const candidates = chartCandidates(question)
  if (candidates && question.prompt.view) {
    const choose = (letter: string) => {
      const index = candidates.findIndex((c) => c.id === letter)
      if (index >= 0) onChange({ _tag: "Choice", index })
    }
    return (
      // Enter on a chosen radio of the list, or on a position of the chart, saves it.
      // biome-ignore lint/a11y/noStaticElementInteractions: the radios inside take the keys; this only hears Enter
      <div
        className="question question-on-chart"
        onKeyDown={(event) => {
          if (event.key !== "Enter" || isDisabled) return
          const target = event.target as Element
          const letter = target.closest("[data-candidate]")?.getAttribute("data-candidate")
          if (letter) {
            event.preventDefault()
            choose(letter)
            onSubmit()
          } else if (selected !== null && target.matches("input[type=radio]")) {
            event.preventDefault()
            onSubmit()
          }
        }}
      >
        <p className="question-prompt" id="question-prompt">
          {prompt}
        </p>
        <div className="question-chart-layout">
          <LazyChartQuestion
            view={question.prompt.view}
            candidates={candidates}
            value={selected === null ? null : positionLetter(Number(selected))}
            onChange={choose}
            label={prompt}
            instructions={t("self-tests:session.chartInstructions")}
            isDisabled={isDisabled}
          />
          <RadioGroup
            className="question-options question-positions"
            value={selected}
            onChange={(value) => onChange({ _tag: "Choice", index: Number(value) })}
            isDisabled={isDisabled}
          >
            <Label className="question-positions-label">{t("self-tests:session.positions")}</Label>
            {candidates.map((candidate, index) => (
              <Radio key={candidate.id} value={String(index)} className="question-option">
                <span className="question-radio" aria-hidden="true" />
                <span>{t("self-tests:session.position", { letter: candidate.id })}</span>
              </Radio>
            ))}
          </RadioGroup>
        </div>
      </div>
    )
  }
  return (
    // One key: Enter on a chosen option saves it, as in a form (radios do not submit by themselves).
    // biome-ignore lint/a11y/noStaticElementInteractions: the radios inside take the keys; this only hears Enter
    <div
      className="question"
      onKeyDown={(event) => {
        if (event.key === "Enter" && selected !== null && (event.target as HTMLElement).matches("input[type=radio]")) {
          event.preventDefault()
          onSubmit()
        }
      }}
    >
      <RadioGroup
        className="question-options"
        value={selected}
        onChange={(value) => onChange({ _tag: "Choice", index: Number(value) })}
        isDisabled={isDisabled}
      >
        <Label className="question-prompt">{prompt}</Label>
        {question.prompt.text ? (
          <Text slot="description" className="question-text" lang={lang}>
            {question.prompt.text}
          </Text>
        ) : null}
        {question.options.map((option, index) => (
          <Radio
            // Options are fixed for a question; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the answer sent
            key={index}
            value={String(index)}
            className="question-option"
          >
            <span className="question-radio" aria-hidden="true" />
            <span lang={option._tag === "Text" ? lang : option._tag === "Pinyin" ? "zh-Latn-pinyin" : undefined}>
              {optionText(option, names)}
            </span>
          </Radio>
        ))}
      </RadioGroup>
    </div>
  )
}
