-- The video settings (src/domain/videos/video-settings.ts) beside continuous play: captions on at
-- the start, their language ('interface' follows the app's), the playback speed and reduced motion
-- ('system' follows the device). NULL, like an absent row, means the default the app defines.
ALTER TABLE user_settings ADD COLUMN video_captions boolean;
ALTER TABLE user_settings ADD COLUMN video_caption_language text
  CHECK (video_caption_language IN ('interface', 'en', 'de', 'es'));
ALTER TABLE user_settings ADD COLUMN video_speed double precision
  CHECK (video_speed IN (0.5, 0.75, 1, 1.25, 1.5, 2));
ALTER TABLE user_settings ADD COLUMN video_reduced_motion text
  CHECK (video_reduced_motion IN ('system', 'on', 'off'));
