/** The server's default `NAVIGATION_TOUR_VIDEO_URL` (set, so the video step is offered). */
export const NAVIGATION_TOUR_VIDEO_URL = 'https://static.zulipchat.com/static/navigation-tour-video/zulip-10.mp4';
