/**
 * What a find needs once opened, loaded then: the search, the marks and the box. A page that never
 * opens a find does not load them.
 */
export { createFinder } from '../../find/search.js'
export { clearMarks, drawMarks, scrollIntoMiddle } from './highlights.js'
export { FindBar } from './FindBar.js'
