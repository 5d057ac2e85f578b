// `npm run dev` as a newcomer runs it, one dev server at a time: two `next dev` on one checkout
// (sharing its build folder and Turbopack's cache) disturb each other, so the suites run in
// order in this one file rather than as two files side by side.
import "./suites/quiet-while-writing";
import "./suites/readme-first-steps";
