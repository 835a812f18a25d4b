// /book/pages/channels lists the channels, vessels and extra points; /book/pages/channels/{slug} is
// one channel: its facts, pathway, connections and ordered points with category badges.

import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { channelHref, channelVideoHref, pointVideosHref, vesselHref } from "../../domain/content/content-links.ts"
import type { ChannelIndex, ChannelPage as ChannelPageData } from "../../domain/content/content-views.ts"
import { useAppServices } from "../app-services.tsx"
import { BodyChart } from "../charts/LazyCharts.tsx"
import { AddToGroup } from "../groups/AddToGroup.tsx"
import { Hanzi } from "../shared/components/Hanzi.tsx"
import { ProBadge } from "../shared/components/ProBadge.tsx"
import { usePageTitle } from "../shared/page-hooks.ts"
import { ContentPage, PointRow, textLang, UntranslatedNote, VideoLinks } from "./content-page.tsx"

const Locked = ({ name, className }: { readonly name: ReactNode; readonly className?: string }) => {
  const { upgrade } = useAppServices()
  return (
    <button
      type="button"
      className={`link-button ${className ?? ""}`}
      onClick={() => upgrade.send({ type: "upgrade.open", lite: true })}
    >
      <span>{name}</span> <ProBadge />
    </button>
  )
}

const IndexView = ({ index }: { readonly index: ChannelIndex }) => {
  const { t } = useTranslation("common")
  usePageTitle(t("browse.channelsTitle"))
  return (
    <article>
      <h1>{t("browse.channelsTitle")}</h1>
      <p className="lead">{t("browse.channelsIntro")}</p>
      <h2>{t("browse.primaryChannels")}</h2>
      <ul className="card-list">
        {index.channels.map((c) => (
          <li key={c.code} className="card-item">
            {c.permission ? (
              <Link href={channelHref(c.slug)} className="card-title">
                <strong>{c.code}</strong> {c.name}
              </Link>
            ) : (
              <Locked
                className="card-title"
                name={
                  <>
                    <strong>{c.code}</strong> {c.name}
                  </>
                }
              />
            )}
            <span className="muted">
              {c.pinyin} · <Hanzi text={c.hanzi} /> · {t("browse.pointCount", { count: c.pointCount })}
            </span>
          </li>
        ))}
      </ul>
      <h2>{t("browse.vessels")}</h2>
      <ul className="card-list">
        {index.vessels.map((v) => (
          <li key={v.id} className="card-item">
            {v.permission ? (
              <Link href={vesselHref(v.slug)} className="card-title">
                {v.name}
              </Link>
            ) : (
              <Locked className="card-title" name={v.name} />
            )}
          </li>
        ))}
      </ul>
      <h2>{t("browse.extraPoints")}</h2>
      <p>
        {index.extraPoints.permission ? (
          <Link href="/book/pages/extra-points">{t("browse.extraPointsLink", { count: index.extraPoints.count })}</Link>
        ) : (
          <Locked name={t("browse.extraPointsLink", { count: index.extraPoints.count })} />
        )}
      </p>
    </article>
  )
}

export const ChannelIndexPage = () => {
  return (
    <ContentPage page="channelIndex" slug={""}>
      {(data) => <IndexView index={data} />}
    </ContentPage>
  )
}

const ChannelView = ({ channel }: { readonly channel: ChannelPageData }) => {
  const { t, i18n } = useTranslation("common")
  usePageTitle(channel.name)
  const fields = channel.textLanguages
  const lang = (language: string) => textLang(language, i18n.language)
  const ref = (partner: ChannelPageData["pairedChannel"]) =>
    partner === null ? (
      "—"
    ) : partner.permission ? (
      <Link href={`/book/pages/channels/${partner.slug}`}>{partner.name}</Link>
    ) : (
      <Locked name={partner.name} />
    )
  return (
    <article className="channel-page">
      <nav aria-label={t("browse.breadcrumb")} className="breadcrumb">
        <ol>
          <li>
            <Link href="/book/pages/channels">{t("browse.channels")}</Link>
          </li>
          <li aria-current="page">{channel.code}</li>
        </ol>
      </nav>
      <h1>
        {channel.name} <Hanzi text={channel.hanzi.traditional} className="hanzi" />
      </h1>
      <p className="lead" lang={lang(fields.summary)}>
        {channel.summary}
      </p>
      <UntranslatedNote textLanguage={channel.textLanguage} />
      <AddToGroup mode="channel" id={channel.code} label={channel.name} />
      <VideoLinks
        links={[
          { href: channelVideoHref(channel.slug), label: t("browse.playChannelVideo") },
          { href: pointVideosHref(channel.slug), label: t("browse.playPointVideos") },
        ]}
      />
      <dl className="facts">
        <dt>{t("browse.pinyin")}</dt>
        <dd>{channel.pinyin}</dd>
        <dt>{t("browse.nature")}</dt>
        <dd>
          {t(`browse.polarity.${channel.polarity}`)} · {t(`browse.limb.${channel.limb}`)}
          {channel.level ? ` · ${t(`browse.level.${channel.level}`)}` : ""}
        </dd>
        {channel.phase ? (
          <>
            <dt>{t("browse.phase")}</dt>
            <dd>{t(`browse.phases.${channel.phase}`)}</dd>
          </>
        ) : null}
        {channel.organ ? (
          <>
            <dt>{t("browse.organ")}</dt>
            <dd>{channel.organ}</dd>
          </>
        ) : null}
        {channel.horary ? (
          <>
            <dt>{t("browse.horary")}</dt>
            <dd>
              {channel.horary.from}–{channel.horary.to}
            </dd>
          </>
        ) : null}
        <dt>{t("browse.paired")}</dt>
        <dd>{ref(channel.pairedChannel)}</dd>
        <dt>{t("browse.coupled")}</dt>
        <dd>{ref(channel.coupledChannel)}</dd>
      </dl>
      <section aria-labelledby="pathway">
        <h2 id="pathway">{t("browse.pathway")}</h2>
        <h3>{t("browse.externalPathway")}</h3>
        <p lang={lang(fields.pathway.external)}>{channel.pathway.external}</p>
        <h3>{t("browse.internalPathway")}</h3>
        <p lang={lang(fields.pathway.internal)}>{channel.pathway.internal}</p>
        <h3>{t("browse.connections")}</h3>
        <ul lang={lang(fields.connections)}>
          {channel.connections.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </section>
      <BodyChart
        subject={{ kind: "pathway", id: channel.code }}
        heading={t("browse.chartCourse")}
        emphasis={{ pathway: channel.code }}
      />
      <section aria-labelledby="points">
        <h2 id="points">{t("browse.pointsOf", { count: channel.points.length })}</h2>
        <ol className="point-list">
          {channel.points.map((p) => (
            <PointRow key={p.code} point={p} />
          ))}
        </ol>
      </section>
    </article>
  )
}

export const ChannelPage = ({ slug }: { readonly slug: string }) => {
  return (
    <ContentPage page="channel" slug={slug}>
      {(data) => <ChannelView channel={data} />}
    </ContentPage>
  )
}
