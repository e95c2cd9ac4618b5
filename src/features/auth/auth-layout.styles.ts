import styled from 'styled-components';

export const Screen = styled.main`
  position: relative;
  min-height: 100%;
  padding: 48px 16px;
  display: flex;
  justify-content: center;
  align-items: flex-start;

  &::before {
    content: '';
    position: absolute;
    inset: 0 0 auto;
    height: 280px;
    background: linear-gradient(
      135deg,
      ${({ theme }) => theme.color.primary} 0%,
      ${({ theme }) => theme.color.primary} 60%,
      ${({ theme }) => theme.color.secondary} 160%
    );
  }

  @media (min-height: 760px) {
    padding-top: 96px;
  }
`;

export const Card = styled.div`
  position: relative;
  width: min(420px, 100%);
  padding: 32px;
  border-radius: ${({ theme }) => theme.radius.large};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow.overlay};
`;

export const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-bottom: 8px;
`;

export const ProductName = styled.span`
  font-size: 1.25rem;
  font-weight: 700;
  letter-spacing: -0.01em;
`;

export const Tagline = styled.p`
  margin: 0 0 28px;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9375rem;
`;

export const Heading = styled.h1`
  margin: 0 0 20px;
  font-size: 1.25rem;
  font-weight: 650;
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 18px;
`;

export const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-top: 4px;
`;

export const FormMessage = styled.p<{ $tone: 'success' | 'error' }>`
  margin: 0;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.small};
  color: ${({ theme, $tone }) => theme.color[$tone]};
  background: ${({ theme }) => theme.color.surfaceSunken};
  font-weight: 500;
`;
