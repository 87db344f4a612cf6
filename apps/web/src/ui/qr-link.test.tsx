import { describe, expect, it } from 'vitest';
import { renderWithProviders, screen } from '@/test/render';
import { QrLink } from './qr-link';

const url = 'https://pay.example.com/checkout/abc';

describe('QrLink', () => {
  it('shows the link with its QR code, and copies it', async () => {
    const { user } = renderWithProviders(
      <QrLink url={url} label="Betaallink" qrAlt="QR-code van de betaallink" />,
    );
    const qr = await screen.findByRole('img', { name: 'QR-code van de betaallink' });
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg');
    expect(screen.getByRole('textbox', { name: 'Betaallink' })).toHaveValue(url);
    // No link to open it unless asked for.
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kopiëren' }));
    expect(await screen.findByRole('button', { name: 'Gekopieerd' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it('opens the link in a new tab when it has an open label', async () => {
    renderWithProviders(
      <QrLink url={url} label="Betaallink" qrAlt="QR-code" openLabel="Betaalpagina openen" />,
    );
    const link = screen.getByRole('link', { name: 'Betaalpagina openen' });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    await screen.findByRole('img', { name: 'QR-code' });
  });
});
