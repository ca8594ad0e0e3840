"""Hero Kill (英雄杀, seed 004): its modes play the Sanguosha cards and generals
under Hero Kill's names (``names``)."""
