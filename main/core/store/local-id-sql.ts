import { LOCAL_ID_PREFIX } from '../../../shared/model/local-id.ts';
import { likeStartingWith } from './like-pattern.ts';

/** SQL that is true when `column` holds a local id (see shared/model/local-id.ts). */
export const isLocalIdSql = (column: string) =>
  `${column} LIKE '${likeStartingWith(LOCAL_ID_PREFIX)}' ESCAPE '\\'`;
