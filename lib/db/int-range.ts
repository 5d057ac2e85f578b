/** The largest value of a PostgreSQL `integer` column: a number input stored in (or looked up
 * against) one is capped here, or a larger one fails the statement with a 500. */
export const INT4_MAX = 2_147_483_647;
