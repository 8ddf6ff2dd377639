import * as z from 'zod/mini';
import { successBody } from './common';

/**
 * A view of the web app's left sidebar the user pinned or hid (feature level 390), named by its
 * URL fragment (`inbox`, `narrow/is/starred`, `narrow/channel/9-design`).
 */
export const NavigationView = z.looseObject({
  /** The view's URL fragment, without `#`; unique per user. */
  fragment: z.string(),
  /** Pinned to the sidebar (true) or hidden in its menu (false). */
  is_pinned: z.boolean(),
  /** The user's name for a custom view; null for a built-in one. */
  name: z.nullable(z.string()),
});

/** A navigation view. */
export type NavigationView = z.output<typeof NavigationView>;

/** Parameters of `GET /navigation_views`. */
export const GetNavigationViewsParams = z.object({});

/** Success body of `GET /navigation_views`: the caller's navigation views. */
export const GetNavigationViewsResponse = successBody({ navigation_views: z.array(NavigationView) });

/**
 * Parameters of `POST /navigation_views`. The server strips whitespace from both ends of
 * `fragment` and `name`; neither may then be empty. A built-in view (`inbox`, `recent`, `feed`,
 * `drafts`, `narrow/has/reaction/sender/me`, `narrow/is/mentioned`, `narrow/is/starred`,
 * `scheduled`, `reminders`) takes no name; any other view needs one.
 */
export const AddNavigationViewParams = z.object({
  fragment: z.string(),
  is_pinned: z.boolean(),
  name: z.optional(z.string()),
});

/**
 * Parameters of `PATCH /navigation_views/{fragment}`: what to change (neither still succeeds,
 * once the view is found). Only a custom view takes a `name`.
 */
export const EditNavigationViewParams = z.object({
  /** The view's fragment; slashes stay slashes in the path (`narrow/is/starred`). */
  fragment: z.string(),
  is_pinned: z.optional(z.boolean()),
  name: z.optional(z.string()),
});

/** Parameters of `DELETE /navigation_views/{fragment}`. */
export const RemoveNavigationViewParams = z.object({ fragment: z.string() });

/** Success body of the navigation view changes, which return nothing else. */
export const NavigationViewChangeResponse = successBody({});
