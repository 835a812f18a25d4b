// How the extra points' videos are named in addresses: their video page and their call share the
// one slug the extra points' page has, where a channel's videos use the channel's slug.

/** The `{id}` of `api/point-videos/{id}` for the extra points' videos (the extra points page's slug). */
export const EXTRA_POINT_VIDEOS = "extra-points"
