// The app's own stylesheet, as create-next-app writes it (unlayered: `* { margin: 0; padding: 0 }`),
// so the kit's unlayered stylesheet.
import './globals.css'
import 'chatparts/styles.unlayered.css'

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
