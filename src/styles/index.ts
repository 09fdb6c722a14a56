// Build entry for the stylesheet: vite extracts what this imports into dist/styles.css.
import './chatparts.css'
